"""The balance lab (issue 36): ``python -m game balance``.

* ``spec``: a study, its cells and chunks;  ``play`` / ``chunks``: one game, one chunk;
* ``runner``: chunks on a local process pool or a Dask cluster, saved as they finish;
* ``analyse``: win rates with 95 % intervals, HSReplay-style card figures;
* ``lab``: a whole run (the study, the bots' strength, the hard-AI check);
* ``report`` / ``plots``: results.json, CSV files and a self-contained report.html;
* ``cli``: the command.

Pure Python like the rest of ``game/``; matplotlib, tqdm and Dask (the ``lab`` extra)
are imported lazily, only when a run needs them.
"""
