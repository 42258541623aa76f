"""Runs that are killed (issue 9): workers die with their parent, a dead worker is one line
and exit 2, Ctrl-C and SIGTERM stop cleanly; never a traceback, never a partial file."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from hostile_kit import SAMPLES

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"),
                                reason="process faults are tested on Linux")


@pytest.fixture
def big_input(tmp_path: Path) -> Path:
    folder = tmp_path / "big"
    folder.mkdir()
    text = (SAMPLES / "session_6max_nl10_500_hands.txt").read_bytes()
    # Enough for the run to outlast the stops below by seconds: 24 copies left about
    # 0.5 s after its workers started, and a loaded machine sometimes let it finish
    # before the signal (exit 0 where 130 was expected).
    for i in range(64):
        (folder / f"s{i:02d}.txt").write_bytes(text)
    return folder


def start(big_input: Path, out: Path, capture: bool = True) -> subprocess.Popen[str]:
    # The findings (thousands of HH004: the same file 24 times) go nowhere: a pipe no one
    # reads until the end would stop the run at its first full buffer.
    pipe = subprocess.PIPE if capture else subprocess.DEVNULL
    return subprocess.Popen(
        [sys.executable, "-m", "auditor.cli", "audit", str(big_input), "-o", str(out),
         "--jobs", "2", "--quiet"],
        stdout=subprocess.DEVNULL, stderr=pipe, text=True, start_new_session=True,
        preexec_fn=_interruptible)


def _interruptible() -> None:
    # A shell's background job, and all it starts, ignores SIGINT (and Python then
    # leaves Ctrl-C ignored): the run under test gets it as a terminal's would.
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def children(pid: int) -> list[int]:
    """The live child processes of ``pid``."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            fields = stat[stat.rindex(")") + 2 :].split()
            if int(fields[1]) == pid and fields[0] != "Z":
                found.append(int(entry))
    return found


def alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat[stat.rindex(")") + 2] != "Z"


def workers_of(proc: subprocess.Popen[str], count: int = 2) -> list[int]:
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        found = children(proc.pid)
        if len(found) >= count:
            time.sleep(0.3)  # let them start on their chunks
            return found
        if proc.poll() is not None:
            break
        time.sleep(0.05)
    pytest.fail(f"no workers started: {proc.communicate()}")


def gone(pids: list[int], within: float = 5.0) -> bool:
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        if not any(alive(p) for p in pids):
            return True
        time.sleep(0.05)
    return False


def nothing_written(out: Path) -> bool:
    return not out.exists() or list(out.iterdir()) == []


def test_a_killed_parent_leaves_no_workers(tmp_path: Path, big_input: Path) -> None:
    proc = start(big_input, tmp_path / "out", capture=False)  # no pipe for orphans to hold
    workers = workers_of(proc)
    proc.kill()
    proc.wait()
    try:
        assert gone(workers), "workers outlived their parent"
    finally:
        for pid in workers:
            if alive(pid):
                os.kill(pid, signal.SIGKILL)


def test_a_killed_worker_is_one_line_and_exit_2(tmp_path: Path, big_input: Path) -> None:
    out = tmp_path / "out"
    proc = start(big_input, out)
    workers = workers_of(proc)
    os.kill(workers[0], signal.SIGKILL)  # as the out-of-memory killer does
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 2
    assert err == ("auditor: error: a worker process died (killed by the system: out of "
                   "memory?); no report was written\n")
    assert nothing_written(out)
    assert gone(workers)


def test_ctrl_c_exits_130_and_leaves_nothing(tmp_path: Path, big_input: Path) -> None:
    out = tmp_path / "out"
    proc = start(big_input, out)
    workers = workers_of(proc)
    os.killpg(proc.pid, signal.SIGINT)  # the terminal sends it to the whole group
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130
    assert err == "auditor: interrupted; no report was written\n"
    assert nothing_written(out)
    assert gone(workers)


def test_sigterm_stops_cleanly(tmp_path: Path, big_input: Path) -> None:
    out = tmp_path / "out"
    proc = start(big_input, out)
    workers = workers_of(proc)
    proc.terminate()
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 128 + signal.SIGTERM
    assert err == "auditor: stopped (SIGTERM); no report was written\n"
    assert nothing_written(out)
    assert gone(workers)


def test_runs_stopped_at_any_moment_always_end(tmp_path: Path, big_input: Path) -> None:
    """A worker killed while it sends back a result once left the pool's thread waiting
    for the rest, and the stopped run never ended (about 1 stop in 15), or printed a
    traceback at exit. Stopped at ten different moments, every run ends, cleanly."""
    for attempt in range(10):
        out = tmp_path / f"out{attempt}"
        proc = start(big_input, out)
        workers_of(proc, count=2)
        time.sleep(0.05 * attempt)
        proc.terminate()
        try:
            _, err = proc.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.communicate()
            pytest.fail(f"stop {attempt} ({0.05 * attempt:.2f} s in) never ended")
        assert (proc.returncode, err) == (
            128 + signal.SIGTERM, "auditor: stopped (SIGTERM); no report was written\n")
        assert nothing_written(out)


def test_a_dead_worker_is_seen_when_the_pool_never_says_so() -> None:
    """A worker killed while it sends back a result leaves CPython 3.11's pool thread
    waiting for the rest of it, and the pool is never marked broken: the run hung (1 in
    25 killed workers under load). The parent looks at the workers itself while it waits
    (``workers._result``), and a worker still alive changes nothing."""
    import multiprocessing
    from concurrent.futures import Future
    from concurrent.futures.process import BrokenProcessPool

    import auditor.workers as workers

    context = multiprocessing.get_context("fork")
    dead = context.Process(target=os._exit, args=(0,))
    dead.start()
    dead.join()
    living = context.Process(target=time.sleep, args=(30,))
    living.start()
    try:
        class Pool:  # what _result reads of a ProcessPoolExecutor
            def __init__(self, *processes: object) -> None:
                self._processes = {id(p): p for p in processes}

        stuck: Future[object] = Future()  # the pool's thread never completes it
        raised: list[BaseException] = []

        def wait() -> None:
            try:
                workers._result(Pool(dead, living), stuck)  # type: ignore[arg-type]
            except BaseException as exc:
                raised.append(exc)

        waiter = threading.Thread(target=wait, daemon=True)
        waiter.start()
        waiter.join(5)
        assert not waiter.is_alive(), "the wait never saw the dead worker"
        assert [type(e) for e in raised] == [BrokenProcessPool]
        done: Future[object] = Future()
        done.set_result("rows")
        assert workers._result(Pool(living), done) == "rows"  # type: ignore[arg-type]
    finally:
        living.kill()
        living.join()
