"""``make dist`` reports the bundle's real size (issue 34, P-GI-33).

PyInstaller puts versioned shared libraries in the bundle with symlinks to
them (``libfoo.so.1 -> libfoo.so.1.2.3``); the size printed after the build
must count each file once, like ``du -sb``, not once per name.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tools import dist


def test_folder_size_counts_symlinked_files_once(tmp_path: Path) -> None:
    lib = tmp_path / "_internal"
    lib.mkdir()
    (lib / "libfoo.so.1.2.3").write_bytes(b"x" * 1000)
    (lib / "libfoo.so.1").symlink_to("libfoo.so.1.2.3")
    (tmp_path / "banthe").write_bytes(b"y" * 300)
    assert dist.folder_size(tmp_path) == 1300


def test_folder_size_counts_hard_links_once(tmp_path: Path) -> None:
    (tmp_path / "a.bin").write_bytes(b"z" * 500)
    try:
        os.link(tmp_path / "a.bin", tmp_path / "b.bin")
    except OSError:
        pytest.skip("no hard links on this file system")
    assert dist.folder_size(tmp_path) == 500


def test_folder_size_skips_symlinked_folders_and_dangling_links(tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "big.bin").write_bytes(b"q" * 4000)
    bundle = tmp_path / "bundle"
    bundle.mkdir()
    (bundle / "app").write_bytes(b"a" * 10)
    (bundle / "linked").symlink_to(outside, target_is_directory=True)
    (bundle / "dangling").symlink_to(tmp_path / "missing")
    assert dist.folder_size(bundle) == 10
