"""Card Night storage: TinyDB on crash-safe files, behind small repositories.

- ``storage.atomic_json``: ``AtomicJSONStorage``, ``open_db`` (temp file + fsync + os.replace).
- ``storage.tables``: ``TableStore``, one file per live table.
- ``storage.archive``: ``MainStore``, finished games, profiles, link codes, meta.
- ``storage.secret``: ``load_or_create_secret`` for NiceGUI's ``storage_secret``.

Import the submodules directly (this package imports nothing, so ``storage.tables`` stays light).
"""
