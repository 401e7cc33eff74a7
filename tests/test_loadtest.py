"""``make loadtest`` (bench/loadtest.py) still runs: a short run of every part against the
production server (gunicorn with gunicorn.conf.py) on SQLite. It measures nothing here
(the figures are the benchmark's, on a quiet machine); it checks that every part ran,
that nothing answered an error, that no acknowledged play was lost across a SIGKILL, and
that the server names no version of itself."""

from __future__ import annotations

import ast
import importlib.util
import os
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def loadtest():
    """bench/loadtest.py as a module (it is a script, not part of the package)."""
    name = "kasino_bench_loadtest"
    spec = importlib.util.spec_from_file_location(name, ROOT / "bench" / "loadtest.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # its dataclasses look their module up
    try:
        spec.loader.exec_module(module)
        yield module
    finally:
        del sys.modules[name]


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
    sliced = re.search(r"the floor just before it \((\d+)/(\d+)\): ([\d.]+)%; median ([\d.]+)%",
                       out)
    assert sliced and int(sliced[1]) == int(saturated[1]) and int(sliced[2]) > 0, out
    # to a tenth of a per cent (the plays and the floor are printed rounded to whole ones)
    assert abs(100 * int(sliced[1]) / int(sliced[2]) - float(sliced[4])) < 1, out
    assert sliced[4] == sliced[3] and re.fullmatch(r"\d+\.\d", sliced[4]), out
    if Path("/proc/stat").exists():  # where the time went: the server's share of each
        cost = re.search(r"CPU a request, ms: floor ([\d.]+) \(server ([\d.]+).*?\); "
                         r"play ([\d.]+) \(server ([\d.]+)", out)
        assert cost and 0 < float(cost[2]) <= float(cost[1]), out
        assert 0 < float(cost[4]) <= float(cost[3]), out
        assert "database" not in out.split("CPU a request")[1].split("\n")[0], out  # SQLite
    faults = re.search(r"(\d+) plays acknowledged, (\d+) lost", out)
    assert faults and int(faults[1]) > 0 and faults[2] == "0", out
    assert out.count("target ") == 3, out  # each part's figures beside their targets


def test_the_cpu_of_each_part_is_told_apart(loadtest):
    Reading = loadtest.Reading
    server, me = 100, 300
    before = Reading(busy=1000, processes={
        100: ("gunicorn", 1, 50), 101: ("gunicorn", 100, 400), 200: ("postgres", 1, 70),
        201: ("postgres", 200, 30), 300: ("python", 1, 90), 400: ("bash", 1, 5),
        500: ("gunicorn", 100, 60)})  # a worker that ends in between
    after = Reading(busy=1700, processes={
        100: ("gunicorn", 1, 52), 101: ("gunicorn", 100, 650), 102: ("gunicorn", 100, 40),
        200: ("postgres", 1, 71), 201: ("postgres", 200, 130), 202: ("postgres", 200, 9),
        300: ("python", 1, 140), 400: ("sleep", 1, 3)})  # 400: another program now
    spent = loadtest.cpu_by_part(before, after, server, me, "postgres")
    # the master, a worker and a worker new since; the cluster's processes, one new
    assert spent == Counter({"server": 2 + 250 + 40, "database": 1 + 100 + 9,
                             "load generator": 50, "rest": 700 - 292 - 110 - 50})
    # SQLite: no database server; PostgreSQL's processes are someone else's
    alone = loadtest.cpu_by_part(before, after, server, me, None)
    assert alone["server"] == 292 and "database" not in alone and alone["rest"] == 358
    # a reading taken too late for the busy time to cover it: the rest is never negative
    assert loadtest.cpu_by_part(before, Reading(1000, after.processes), server, me,
                                "postgres")["rest"] == 0


def test_a_cost_is_told_in_milliseconds_a_request(loadtest, monkeypatch):
    monkeypatch.setattr(loadtest.os, "sysconf", lambda name: 100)  # ticks of 10 ms
    line = loadtest.cpu_line(Counter({"server": 30, "load generator": 6, "rest": 4}), 200)
    assert line == "2.00 (server 1.50, load generator 0.30, rest 0.20)"
    assert loadtest.cpu_line(Counter({"server": 3}), 0) == "30.00 (server 30.00)"
