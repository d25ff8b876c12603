"""Running a dealer script with Debian's ``dealer`` and reading the deals it prints.

A script is code from a stranger, so the program runs as a bounded, disposable process:

- no shell: the program's path and fixed options, the script on standard input;
- hands tried capped (``-g``: a script's own ``generate`` above the cap runs with the cap,
  and a note says so), decks made set by the caller (``-p`` replaces the script's ``produce``);
- the script's ``action`` replaced by ``printoneline``: statements may come in any order and
  the last ``action`` wins, so one appended after the script is the one that runs, and
  nothing its ``average``, ``frequency`` or ``print`` actions would say is ever printed;
- ``nice`` 10, and ``resource`` limits on processor time, address space, file size (0: no file is
  written), open files and new processes, set on the child before it has read a byte of
  the script (it waits on its standard input until we write), not in a ``preexec_fn``,
  which is unsafe in a threaded server;
- a wall-clock deadline, an empty ``PATH`` and a fresh working folder; the whole process
  group killed at the deadline or when the output passes what the decks asked for need;
- only whole deal lines (``n AK.. e .. s .. w ..``, read wherever the deal starts on the
  line: the program echoes some characters of a script's comments, such as the capitals
  of a ``/*@chat ... @chat*/`` block, in front of the first deal) and the ``Generated N
  hands`` and ``Produced N hands`` lines are read from the output, each deal validated like
  any file's; the dealer and the vulnerability are the script's own statements
  (``script.read_script``).

A run that makes fewer decks than asked says why: the hands-tried cap reached, the wall
clock or the processor time used up, the output bound passed, or deals printed that could
not be read.

``run_script`` never raises: a crash, a timeout or a syntax error is a ``Run`` whose
``problem`` says what happened, for a teacher to read.
"""

from __future__ import annotations

import contextlib
import os
import re
import resource
import secrets
import selectors
import shutil
import signal
import subprocess
import tempfile
import time
from dataclasses import dataclass, field

from games.bridge.cards import SEATS, DealError, build_deal, parse_dotted_hand

from ..messages import Message
from ..model import Deck, FileResult, Problem
from .script import Script, read_script, word_near

DEFAULT_PROGRAM = "/usr/games/dealer"
INSTALL = "sudo apt-get install dealer"
# The program seeds its generator with 32 bits (seed 0 deals as seed 1 does).
SEED_MAX = 2**32 - 1
# printoneline prints some 75 bytes a deal; past ten times that per deck asked for, the
# output is not the deals we asked for.
BYTES_PER_DECK = 750
OUTPUT_SLACK = 16 * 1024
STDERR_BYTES = 16 * 1024
SHOWN_MESSAGE = 200  # characters of the program's own message kept
SHOWN_WORD = 40  # characters of the word it choked on
# The program and its options; the script follows on standard input.
ENVIRONMENT = {"PATH": "/nonexistent", "LC_ALL": "C"}
# printoneline, not printpbn: this build's printpbn flips the "verbose" switch on every deal
# it prints, so the "Generated N hands" line would come or not by the parity of the count.
NICENESS = 10  # pages keep the processor while a script runs
APPENDED_ACTION = "\naction printoneline\n"

# printoneline: "n AQ8.AQ5.QJT.AQ52 e ... s ... w KJT97643.K3.A43." (a void is an empty suit),
# to the end of its line, after whatever the program echoed of the script in front of it.
_HAND = r"([AKQJT2-9akqjt]{0,13}(?:\.[AKQJT2-9akqjt]{0,13}){3})"
_ONE_LINE = re.compile(rf"n {_HAND} e {_HAND} s {_HAND} w {_HAND}\Z")
_GENERATED = re.compile(r"Generated ([0-9]{1,12}) hands")
_PRODUCED = re.compile(r"^Produced ([0-9]{1,12}) hands", re.M)
_ERROR_LINE = re.compile(r"line ([0-9]{1,9}): (.*)")
_UNPRINTABLE = re.compile(r"[^\x20-\x7e]")
_SIGNALS: dict[int, str] = {  # a signal's number, as a negative return code gives it
    signal.SIGFPE: "dealer.signal_fpe",
    signal.SIGSEGV: "dealer.signal_segv",
    signal.SIGABRT: "dealer.signal_abrt",
    signal.SIGBUS: "dealer.signal_bus",
}


@dataclass(frozen=True, slots=True)
class Limits:
    """What one run may use (deckupload.settings: DEALER_* settings)."""

    max_tries: int = 1_000_000  # hands generated, the script's own generate no higher
    seconds: float = 5.0  # wall clock
    # The wall clock that several runs share (an upload's scripts), of which ``seconds`` is
    # what the runs before this one left; 0 when ``seconds`` is this run's own.
    shared_seconds: float = 0.0
    cpu_seconds: int = 6  # processor time: a second line behind the wall clock
    memory_bytes: int = 256 * 1024 * 1024  # address space
    max_script_bytes: int = 64 * 1024


@dataclass(slots=True)
class Run:
    """What one run of a script made: decks, hands tried, and why it stopped short."""

    name: str
    count: int  # decks asked for
    seed: int
    decks: list[Deck] = field(default_factory=list)
    tried: int = 0  # hands the program generated
    seconds: float = 0.0
    # Why nothing (or less than asked) was made, a messages.Message; "" when all went well.
    problem: str = ""
    kind: str = ""  # dealer_refused, dealer_error, dealer_no_match, dealer_limit, dealer_crash, dealer_missing
    notes: list[str] = field(default_factory=list)  # messages.Message

    @property
    def summary(self) -> Message:
        """ "12 decks made by Basic_Weak_2.dlr (dealer script): 3,214 hands tried"."""
        made = len(self.decks)
        return Message(
            "dealer.summary_one" if made == 1 else "dealer.summary", count=made, name=self.name, tried=self.tried
        )

    def file_result(self) -> FileResult:
        """The run as an uploaded file's result: its decks, notes and problem."""
        result = FileResult(name=self.name, format="dlr", encoding="utf-8", decks=list(self.decks))
        if self.problem and not self.decks:
            result.problems.append(Problem(message=self.problem, line=0, kind=self.kind))
            return result
        result.notes = [self.summary, *self.notes]
        return result


def budget_spent(name: str, *, count: int, seed: int | None, seconds: float) -> Run:
    """A script that was not run: the runs before it in the same request used up the
    ``seconds`` of wall clock they share."""
    problem = Message("dealer.budget_spent", name=name, seconds=_seconds(seconds))
    return Run(name=name, count=count, seed=seed or new_seed(), problem=problem, kind="dealer_limit")


def new_seed() -> int:
    return secrets.randbelow(SEED_MAX) + 1


def find_program(configured: str = DEFAULT_PROGRAM) -> str | None:
    """The dealer program at ``configured`` (on the PATH when empty), or None when it is
    not there."""
    path = configured or shutil.which("dealer") or ""
    return path if path and os.path.isfile(path) and os.access(path, os.X_OK) else None


def missing_program() -> Message:
    return Message("dealer.missing", install=INSTALL)


def run_script(
    text: str,
    *,
    name: str = "script.dlr",
    count: int = 16,
    seed: int | None = None,
    limits: Limits | None = None,
    program: str = DEFAULT_PROGRAM,
) -> Run:
    """Run ``text`` to make ``count`` decks with ``seed`` (a new one when None), with the
    dealer program at ``program`` (on the PATH when empty)."""
    limits = limits or Limits()
    run = Run(name=name, count=count, seed=seed if seed is not None else new_seed())
    size = len(text.encode("utf-8"))
    if size > limits.max_script_bytes:
        run.problem, run.kind = Message("dealer.too_big", size=size, most=limits.max_script_bytes), "dealer_limit"
        return run
    script = read_script(text)
    refusal = script.refusal()
    if refusal:
        run.problem, run.kind = Message("dealer.not_run", reason=refusal), "dealer_refused"
        return run
    path = find_program(program)
    if path is None:
        run.problem, run.kind = missing_program(), "dealer_missing"
        return run
    tries = min(script.generate, limits.max_tries) if script.generate is not None else limits.max_tries
    args = [path, "-s", str(run.seed), "-p", str(count), "-g", str(tries)]
    started = time.monotonic()
    try:
        out, err, returncode, stopped = _execute(args, (text + APPENDED_ACTION).encode("utf-8"), count, limits)
    except OSError as error:  # not executable, no room for a process, or limits refused (it was killed unrun)
        run.problem, run.kind = Message("dealer.not_started", error=str(error.strerror or error)), "dealer_missing"
        return run
    run.seconds = time.monotonic() - started
    _read_output(run, out, script.dealer, script.vulnerable)
    printed = out.decode("ascii", "replace")
    generated, produced = _GENERATED.search(printed), _PRODUCED.search(printed)
    if generated:
        run.tried = int(generated.group(1))
    elif returncode == 0 and not stopped and len(run.decks) < count:
        run.tried = tries  # it ran to its cap of hands
    produced_count = int(produced.group(1)) if produced else None
    _explain(run, err, returncode, stopped, tries, produced_count, limits, text.count("\n") + 1, script=text)
    if run.decks:
        run.notes += _facts(run, script, limits)
    return run


def _execute(args: list[str], script: bytes, count: int, limits: Limits) -> tuple[bytes, bytes, int, str]:
    """(standard output, standard error, exit status, why we stopped it: "" or "time" or
    "output") of one bounded run of the program."""
    out_cap = count * BYTES_PER_DECK + OUTPUT_SLACK
    with tempfile.TemporaryDirectory(prefix="dealer-") as folder:
        proc = subprocess.Popen(
            args,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            cwd=folder,
            env=ENVIRONMENT,
            process_group=0,
            close_fds=True,
        )
        try:
            _limit(proc.pid, limits)
            out, err, stopped = _exchange(proc, script, time.monotonic() + limits.seconds, out_cap)
        finally:
            if proc.poll() is None:
                _kill(proc)
            proc.wait()
            for pipe in (proc.stdin, proc.stdout, proc.stderr):
                if pipe is not None and not pipe.closed:
                    with contextlib.suppress(OSError):  # a write end the program never read
                        pipe.close()
    return out, err, proc.returncode, stopped


def _limit(pid: int, limits: Limits) -> None:
    cpu = max(1, limits.cpu_seconds)
    try:
        resource.prlimit(pid, resource.RLIMIT_CPU, (cpu, cpu + 1))
        resource.prlimit(pid, resource.RLIMIT_AS, (limits.memory_bytes, limits.memory_bytes))
        resource.prlimit(pid, resource.RLIMIT_FSIZE, (0, 0))
        resource.prlimit(pid, resource.RLIMIT_CORE, (0, 0))
        resource.prlimit(pid, resource.RLIMIT_NOFILE, (16, 16))
        resource.prlimit(pid, resource.RLIMIT_NPROC, (0, 0))
        # never below the server's own niceness: raising a process's priority needs privileges
        os.setpriority(os.PRIO_PROCESS, pid, max(NICENESS, os.getpriority(os.PRIO_PROCESS, pid)))
    except ProcessLookupError:  # gone already: it read nothing of the script
        pass


def _kill(proc: subprocess.Popen) -> None:
    with contextlib.suppress(ProcessLookupError):  # it ended by itself meanwhile
        os.killpg(proc.pid, signal.SIGKILL)


def _exchange(proc: subprocess.Popen, script: bytes, deadline: float, out_cap: int) -> tuple[bytes, bytes, str]:
    """Write the script, read both outputs, until the program ends, the deadline passes
    or the output passes ``out_cap`` (then the process group is killed)."""
    assert proc.stdin and proc.stdout and proc.stderr
    out, err = bytearray(), bytearray()
    pending = memoryview(script)
    stopped = ""
    with selectors.DefaultSelector() as selector:
        os.set_blocking(proc.stdin.fileno(), False)
        selector.register(proc.stdin, selectors.EVENT_WRITE)
        selector.register(proc.stdout, selectors.EVENT_READ, out)
        selector.register(proc.stderr, selectors.EVENT_READ, err)
        while selector.get_map() and not stopped:
            left = deadline - time.monotonic()
            if left <= 0:
                stopped = "time"
                break
            for key, _ in selector.select(left):
                if key.fileobj is proc.stdin:
                    try:
                        pending = pending[os.write(proc.stdin.fileno(), pending[:65536]) :]
                    except BlockingIOError:
                        continue
                    except BrokenPipeError:  # it stopped reading (an error at some line): nothing more to say
                        pending = pending[len(pending) :]
                    if not pending:
                        selector.unregister(proc.stdin)
                        proc.stdin.close()
                    continue
                chunk = os.read(key.fd, 65536)
                if not chunk:
                    selector.unregister(key.fileobj)
                    continue
                key.data.extend(chunk)
                if len(out) > out_cap or len(err) > STDERR_BYTES:
                    stopped = "output"
                    break
    if stopped:
        _kill(proc)
    return bytes(out), bytes(err), stopped


def _read_output(run: Run, out: bytes, dealer: str | None, vul: str | None) -> None:
    """The deals of the program's one-line output: whole lines only, each deal checked."""
    lines = out.decode("ascii", "replace").split("\n")[:-1]  # a last line without its newline was cut short
    for line in lines:
        match = _ONE_LINE.search(line.rstrip())
        if match is None or len(run.decks) >= run.count:
            continue
        deal = _deal(match.groups())
        if deal is None:
            continue
        number = str(len(run.decks) + 1)
        source = "\n".join(
            [f'[Board "{number}"]']
            + [f'[Dealer "{dealer}"]'] * (dealer is not None)
            + [f'[Vulnerable "{vul}"]'] * (vul is not None)
            + [f'[Deal "{deal}"]']
        )
        index = len(run.decks)
        run.decks.append(Deck(deal=deal, index=index, line=0, dealer=dealer, vul=vul, board=number, source=source))


def _deal(hands: tuple[str, ...]) -> str | None:
    """The canonical deal of North's, East's, South's and West's hands, or None when they
    are not a whole deal."""
    try:
        masks = {seat: parse_dotted_hand(hand.upper())[0] for seat, hand in zip(SEATS, hands)}
        deal, inferred = build_deal(masks)
    except DealError:
        return None
    return None if inferred else deal


def _explain(
    run: Run,
    err: bytes,
    returncode: int,
    stopped: str,
    tries: int,
    produced: int | None,
    limits: Limits,
    lines: int,
    *,
    script: str = "",
) -> None:
    """Set ``run.problem`` (and a note, when some decks were made) for a run that stopped
    short of the decks asked for, with the cause: ours (the wall clock, the output bound),
    the program's (its processor time, a crash, an error), the hands-tried cap, or deals
    it printed (``produced``: its own count) that could not be read. ``script``: the text
    run, where an error's line is looked at for the word the program choked on."""
    said = _program_message(err)
    made = len(run.decks)
    if stopped == "time" and limits.shared_seconds:
        run.problem, run.kind = Message("dealer.budget_hit", seconds=_seconds(limits.shared_seconds)), "dealer_limit"
    elif stopped == "time":
        run.problem, run.kind = Message("dealer.too_slow", seconds=_seconds(limits.seconds)), "dealer_limit"
    elif stopped == "output":
        run.problem, run.kind = Message("dealer.too_much_output", count=run.count), "dealer_limit"
    elif returncode < 0:
        number = -returncode
        if number in (signal.SIGXCPU, signal.SIGKILL):
            why = Message("dealer.cpu", count=limits.cpu_seconds)
        elif number in _SIGNALS:
            why = Message(_SIGNALS[number])
        else:
            why = Message("dealer.signal", name=signal.Signals(number).name)
        run.problem, run.kind = Message("dealer.crashed", why=why), "dealer_crash"
        run.decks.clear()
    elif returncode != 0 or (said and not made):
        run.problem, run.kind = _error_text(said, returncode, lines, script), "dealer_error"
        run.decks.clear()
    elif produced is not None and produced > made:
        unread = Message("dealer.unread", printed=produced, made=made)
        if made:
            run.notes.append(unread)
        else:
            run.problem, run.kind = unread, "dealer_error"
    elif not made:
        run.problem, run.kind = Message("dealer.no_match", count=tries), "dealer_no_match"
    elif made < run.count:
        run.notes.append(Message("dealer.only_some", made=made, count=run.count, tries=tries))
    if run.problem and run.decks:
        run.notes.append(Message("dealer.kept_one" if made == 1 else "dealer.kept", problem=run.problem, count=made))
        run.problem = ""


def _seconds(value: float) -> str:
    """A number of seconds as a message says it: "5", "0.25" (a deadline's remainder, to
    the hundredth)."""
    return f"{round(value, 2):g}"


def _program_message(err: bytes) -> str:
    for raw in err.decode("utf-8", "replace").splitlines():
        text = _UNPRINTABLE.sub(" ", raw).strip()
        if text:
            return text[:SHOWN_MESSAGE]
    return ""


def _error_text(said: str, returncode: int, lines: int, script: str = "") -> Message:
    """ "dealer stopped at line 3: “syntax error” near “hcpp”", or without the word when
    none there is unknown (the program names only the line), or the message without a
    line. A line past the script's own is the action appended to it: the script ended too
    soon (an open comment or string, an expression cut short)."""
    match = _ERROR_LINE.match(said)
    if match:
        line, message = int(match.group(1)), match.group(2).strip()
        if line <= lines:
            word = word_near(script, line)[:SHOWN_WORD] if script else ""
            if word:
                return Message("dealer.stopped_near", line=line, error=message, word=word)
            return Message("dealer.stopped_at_line", line=line, error=message)
        return Message("dealer.stopped_at_end", error=message)
    if said:
        return Message("dealer.stopped", error=said)
    return Message("dealer.exit_status", status=returncode)


def _facts(run: Run, script: Script, limits: Limits) -> list[str]:
    """What the preview says about a run beyond its summary line."""
    notes: list[str] = [Message("dealer.seed", seed=run.seed)]
    dealer, vul = script.dealer, script.vulnerable
    if dealer and vul:
        notes.append(Message("dealer.sets_both", seat=dealer, vul=vul))
    elif dealer:
        notes.append(Message("dealer.sets_dealer", seat=dealer))
    elif vul:
        notes.append(Message("dealer.sets_vul", vul=vul))
    else:
        notes.append(Message("dealer.sets_none"))
    if script.produce is not None and script.produce != run.count:
        notes.append(Message("dealer.produce", produce=script.produce, count=run.count))
    if script.generate is not None and script.generate > limits.max_tries:
        notes.append(
            Message("dealer.generate_capped", line=script.generate_line, count=script.generate, most=limits.max_tries)
        )
    return notes
