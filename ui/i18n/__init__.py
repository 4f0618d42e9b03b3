"""Card Night in the viewer's own language: see ui/i18n/viewer.py (who reads what) and catalogs.py (the catalogues)."""

from ui.i18n.viewer import N_, _, ngettext, pgettext, reason, tr, viewer_language

__all__ = ["N_", "_", "ngettext", "pgettext", "reason", "tr", "viewer_language"]
