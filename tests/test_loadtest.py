"""``make loadtest`` (bench/loadtest.py) still runs: a short run of every part against the
production server (gunicorn with gunicorn.conf.py) on SQLite. It measures nothing here
(the figures are the benchmark's, on a quiet machine); it checks that every part ran,
that nothing answered an error, that no acknowledged play was lost across a SIGKILL, and
that the server names no version of itself."""

from __future__ import annotations

import ast
import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_the_load_test_runs_every_part_without_an_error():
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    done = subprocess.run([sys.executable, "bench/loadtest.py", "--quick"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=240)
    out = done.stdout
    assert done.returncode == 0, done.stderr[-2000:]
    server = re.search(r"Server header: '([^']*)'", out)
    assert server and not re.search(r"\d", server[1]), out  # no version banner
    assert re.search(r"floor: GET /api/v1/variants \d+ req/s", out), out
    assert re.search(r"unchanged poll \(304\): \d+ req/s", out), out
    bounded = re.search(r"bounded .*?: ([\d.]+) plays/s.*?(\{.*\})", out)
    assert bounded and float(bounded[1]) > 0, out
    statuses = ast.literal_eval(bounded[2])
    assert set(statuses) <= {"play 200", "poll 200", "poll 304"}, statuses
    saturated = re.search(r"saturation .*?: (\d+) plays/s.*?(\{.*\})", out)
    assert saturated and int(saturated[1]) > 0, out
    assert set(ast.literal_eval(saturated[2])) == {"play 200"}, out
    # the ratio is taken against a floor measured just before each slice of plays
    sliced = re.search(r"the floor just before it \((\d+)/(\d+)\): (\d+)%; median (\d+)%", out)
    assert sliced and int(sliced[1]) == int(saturated[1]) and int(sliced[2]) > 0, out
    assert round(100 * int(sliced[1]) / int(sliced[2])) in range(int(sliced[4]) - 1,
                                                                  int(sliced[4]) + 2), out
    faults = re.search(r"(\d+) plays acknowledged, (\d+) lost", out)
    assert faults and int(faults[1]) > 0 and faults[2] == "0", out
    assert out.count("target ") == 3, out  # each part's figures beside their targets
