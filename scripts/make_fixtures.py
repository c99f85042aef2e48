#!/usr/bin/env python3
"""Regenerates every committed test fixture with NumPy/SciPy (`npm run fixtures`).

Each library has its own generator, scripts/fixtures_<area>.py, writing under tests/fixtures/<area>/.
Tests never need Python: the generated files are committed.
"""
import pathlib
import runpy
import sys

here = pathlib.Path(__file__).resolve().parent
scripts = sorted(here.glob("fixtures_*.py"))
if not scripts:
    sys.exit("no fixture generators found in scripts/")
for script in scripts:
    print(f"== {script.name}")
    runpy.run_path(str(script), run_name="__main__")
print(f"regenerated fixtures from {len(scripts)} generator(s)")
