"""Files on disk: save slots, autosaves and settings. The only package that
knows where they live.

* ``saves.paths`` — the save and config folders (appdirs, ``--save-dir``,
  ``BANTHE_SAVE_DIR``).
* ``saves.atomic`` — crash-safe writes (temp file, fsync, ``.bak``, replace).
* ``saves.format`` — the versioned JSON save format, ``APP_VERSION`` and
  ``SaveError``; no I/O, no pygame.
* ``saves.store`` — save, autosave (one file per match), list, load (replay +
  snapshot check), delete; ``read_document`` is the one reader of save files.
* ``saves.cli`` — ``replay``, the save check behind ``python -m game replay``.
* ``saves.settings`` — the player's settings.

Nothing here imports pygame or ``scenes``; submodules are imported on use.
"""
