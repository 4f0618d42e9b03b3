"""Card Night in the viewer's own language: see ui/i18n/viewer.py (who reads what) and catalogs.py (the catalogues)."""

from ui.i18n.viewer import _, ngettext, pgettext, tr, viewer_language

__all__ = ["_", "ngettext", "pgettext", "tr", "viewer_language"]
