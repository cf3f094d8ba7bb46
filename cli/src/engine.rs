//! The engine every command runs on: it reads lines from files or standard input in blocks,
//! hands them in parallel chunks to the command, and writes the results in input order through
//! one buffered writer.
//!
//! A line ends at "\n"; a "\r" before it is not part of the line; the last line may lack its
//! "\n"; an empty line is a line. Lines are bytes: a command reports invalid UTF-8 on its line.
//! Every line gets exactly one call to the command, in every path.
//!
//! Files are read with `read`, never memory-mapped: a map faults (SIGBUS) when another process
//! truncates the file under it, as `logrotate copytruncate` does, and reading costs little more
//! because a reader thread reads ahead while the lines already read are processed.

use rayon::prelude::*;
use std::collections::BTreeMap;
use std::io::{self, IsTerminal, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::mpsc::{channel, sync_channel, Receiver, Sender};
use std::time::{Duration, Instant};

/// Exit status when every line was ok, or a filter wrote a line.
pub const EXIT_OK: u8 = 0;
/// Exit status when some line was not ok, or a filter wrote none.
pub const EXIT_NOT_OK: u8 = 1;
/// Exit status for usage and I/O errors.
pub const EXIT_TROUBLE: u8 = 2;

/// The flags every command shares: their one meaning is the README's table.
#[derive(clap::Args, Clone)]
pub struct CommonArgs {
    /// One JSON object per line (the command's description lists its fields).
    #[arg(long, conflicts_with_all = ["valid", "invalid"])]
    pub json: bool,
    /// For each line that is ok, its result alone: the line itself for check, parse, lint (ok:
    /// an IRI without a warning) and dedupe, the IRIs found for extract, the output for the
    /// others (a filter: exit 0 when it wrote a line, 1 when none).
    #[arg(long, conflicts_with = "invalid")]
    pub valid: bool,
    /// The input lines that are not ok, as they are (for extract, those without an IRI; a
    /// filter, as --valid).
    #[arg(long)]
    pub invalid: bool,
    /// Nothing on standard output: the exit status tells (with --valid or --invalid, whether a
    /// line would have been written, as grep -q).
    #[arg(long, short, conflicts_with = "json")]
    pub quiet: bool,
    /// A summary on standard error at the end: lines, ok, not ok by kind, bytes and speed.
    #[arg(long)]
    pub stats: bool,
    /// Files to read; standard input when none, and for "-".
    pub files: Vec<PathBuf>,
}

impl CommonArgs {
    /// What the command writes for each line.
    pub fn style(&self) -> Style {
        if self.quiet || self.invalid {
            Style::Silent
        } else if self.valid {
            Style::Bare
        } else if self.json {
            Style::Json
        } else {
            Style::Text
        }
    }
}

/// What a command writes for one line.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Style {
    /// `LINE<TAB>result` (`FILE:LINE` with several files).
    Text,
    /// One JSON object.
    Json,
    /// The result alone (`--valid`); the engine drops it when the line is not ok.
    Bare,
    /// Nothing (`--quiet`, and `--invalid`, where the engine writes the failing lines).
    Silent,
}

/// Where a line comes from.
#[derive(Clone, Copy)]
pub struct Line<'a> {
    /// The file, when several were named.
    pub file: Option<&'a str>,
    /// The 1-based line number within its input.
    pub number: u64,
    /// The bytes of the line, without "\n" or "\r\n".
    pub bytes: &'a [u8],
}

/// A command, as the engine sees it: one line in, its output appended to `out`.
pub trait LineCommand: Sync {
    /// Appends the result for `line` in `style` to `out` and returns `Err(kind)` when the line
    /// is not ok, with the kind for the summary.
    fn line(&self, line: Line<'_>, style: Style, out: &mut Vec<u8>) -> Result<(), &'static str>;

    /// Whether the command chooses itself which lines it writes (`dedupe`): it applies `--valid`
    /// and `--invalid` in [`line`](Self::line), counts what it writes in
    /// [`write_chunk`](Self::write_chunk), and exits as a filter.
    fn filters(&self) -> bool {
        false
    }

    /// Writes what the command holds back to the end of the run (`dedupe --count`), after the
    /// last chunk.
    fn finish(&self, style: Style, out: &mut dyn Write) -> io::Result<()> {
        let _ = (style, out);
        Ok(())
    }

    /// Whether the run succeeds when some line is ok, rather than every line (`extract`: a
    /// line is ok when it holds an IRI; exit 0 when one did, 1 when none, as grep).
    fn ok_when_any(&self) -> bool {
        false
    }

    /// Writes what [`line`](Self::line) appended for one chunk of lines, of which `selected`
    /// passed `--valid` or `--invalid`, and returns how many lines it wrote. The engine calls it
    /// from one thread, chunk after chunk in input order, so that a command whose output depends
    /// on the lines before (`dedupe`) can decide here; the others write the bytes as they are.
    fn write_chunk(&self, chunk: &[u8], selected: u64, out: &mut dyn Write) -> io::Result<u64> {
        out.write_all(chunk)?;
        Ok(selected)
    }
}

/// Bytes per parallel chunk.
const CHUNK: usize = 256 << 10;
/// Bytes asked of one `read`, and the least a block holds room for.
const PIECE: usize = 1 << 20;
/// Blocks read ahead, at most.
const QUEUE: usize = 16;
/// Bytes processed, and their output held, at once (unless one line is longer).
const BATCH: usize = 8 << 20;

#[derive(Default)]
struct Stats {
    lines: u64,
    ok: u64,
    /// Lines written by a filter, or that passed `--valid` or `--invalid`.
    selected: u64,
    bytes: u64,
    errors: BTreeMap<&'static str, u64>,
}

impl Stats {
    fn merge(&mut self, other: Stats) {
        self.lines += other.lines;
        self.ok += other.ok;
        self.selected += other.selected;
        for (k, n) in other.errors {
            *self.errors.entry(k).or_default() += n;
        }
    }
}

/// Writes `text` and a newline to standard error, and returns whether it could: unlike
/// `eprintln!`, which panics, a standard error that cannot be written (`2>/dev/full`) leaves
/// the run to end with status 2 ([`EXIT_TROUBLE`]).
pub fn message(text: std::fmt::Arguments<'_>) -> bool {
    writeln!(io::stderr().lock(), "{text}").is_ok()
}

/// Why a run stopped early: reading an input failed (the run goes on with the next file), or
/// writing the output did (the run ends).
enum Stop {
    Input(io::Error),
    Output(io::Error),
}

/// Runs `cmd` over every line of the files of `args` (standard input when none, and for "-")
/// and returns the exit status.
pub fn run(args: &CommonArgs, cmd: &dyn LineCommand) -> u8 {
    let start = Instant::now();
    if standard_output_was_closed() {
        message(format_args!(
            "iriscan: standard output is closed: nowhere to write the results"
        ));
        return EXIT_TROUBLE;
    }
    let stdout = io::stdout();
    let mut out = io::BufWriter::with_capacity(1 << 20, stdout.lock());
    let filter = cmd.filters() || args.valid || args.invalid;
    let select = if cmd.filters() {
        None
    } else if args.valid {
        Some(true)
    } else if args.invalid {
        Some(false)
    } else {
        None
    };
    let engine = Engine {
        cmd,
        style: args.style(),
        select,
        quiet: args.quiet,
    };
    let mut stats = Stats::default();
    let mut trouble = false;
    let progress = Progress::new(&args.files, args.quiet);
    let stdin_only = [PathBuf::from("-")];
    let files = if args.files.is_empty() {
        &stdin_only[..]
    } else {
        &args.files[..]
    };

    let mut written = Ok(());
    for path in files {
        let name = display_name(path);
        let label = (files.len() > 1).then_some(name.as_str());
        let result = open(path)
            .map_err(Stop::Input)
            .and_then(|input| engine.run_input(input, label, &mut out, &mut stats, &progress));
        match result {
            Ok(()) => {}
            Err(Stop::Input(e)) => {
                progress.suspend(|| {
                    message(format_args!("iriscan: {name}: {e}"));
                });
                trouble = true;
            }
            Err(Stop::Output(e)) => {
                written = Err(e);
                break;
            }
        }
    }
    let written = written
        .and_then(|()| cmd.finish(args.style(), &mut out))
        .and_then(|()| out.flush());
    progress.finish();
    if let Err(e) = written {
        // A consumer that has read enough (`iriscan check big.txt | head`) ends the run at
        // once and quietly, with status 0, as ripgrep does.
        if e.kind() == io::ErrorKind::BrokenPipe {
            return EXIT_OK;
        }
        message(format_args!(
            "iriscan: error writing to standard output: {e}"
        ));
        return EXIT_TROUBLE;
    }
    let secs = start.elapsed();
    let on_terminal = !args.quiet && io::stderr().is_terminal() && secs > Duration::from_secs(1);
    // The summary asked for is an output too: status 2 when it cannot be written.
    if (args.stats || on_terminal) && !summary(&stats, secs.as_secs_f64()) {
        trouble = true;
    }
    if trouble {
        EXIT_TROUBLE
    } else if filter {
        if stats.selected > 0 {
            EXIT_OK
        } else {
            EXIT_NOT_OK
        }
    } else if cmd.ok_when_any() {
        if stats.ok > 0 {
            EXIT_OK
        } else {
            EXIT_NOT_OK
        }
    } else if stats.ok < stats.lines {
        EXIT_NOT_OK
    } else {
        EXIT_OK
    }
}

/// Whether descriptor 1 was closed when the process started (`iriscan check f >&-`).
///
/// Rust's start-up code opens "/dev/null", to read and write, on a closed standard descriptor;
/// Python's `subprocess.DEVNULL` and Node's `"ignore"` pass the same, for a caller that wants
/// the status alone. Afterwards the two cannot be told apart, so descriptor 1 is looked at
/// before: from the ELF's `.init_array`, which the C runtime calls before `main` and so before
/// Rust's start-up code.
#[cfg(target_os = "linux")]
fn standard_output_was_closed() -> bool {
    STANDARD_OUTPUT_CLOSED.load(std::sync::atomic::Ordering::Relaxed)
}

/// Whether descriptor 0 was closed when the process started (`iriscan check <&-`), found as
/// [`standard_output_was_closed`] finds descriptor 1: read, it would seem empty.
#[cfg(target_os = "linux")]
fn standard_input_was_closed() -> bool {
    STANDARD_INPUT_CLOSED.load(std::sync::atomic::Ordering::Relaxed)
}

/// What [`probe_standard_descriptors`] found.
#[cfg(target_os = "linux")]
static STANDARD_OUTPUT_CLOSED: std::sync::atomic::AtomicBool =
    std::sync::atomic::AtomicBool::new(false);
#[cfg(target_os = "linux")]
static STANDARD_INPUT_CLOSED: std::sync::atomic::AtomicBool =
    std::sync::atomic::AtomicBool::new(false);

/// [`probe_standard_descriptors`], called before `main`. The attribute is the one unsafe thing
/// here: the C runtime calls whatever the section holds, and it holds a C function of no
/// parameters (musl calls it so; the arguments glibc passes, `argc`, `argv` and `envp`, are
/// ignored by the C calling convention), which reads two files' metadata and stores two flags.
#[cfg(target_os = "linux")]
#[used]
#[link_section = ".init_array"]
static PROBE_STANDARD_DESCRIPTORS: extern "C" fn() = probe_standard_descriptors;

/// Notes whether descriptors 1 and 0 are open, by their entries in "/proc/self/fd": where that
/// folder cannot be read (no "/proc"), it cannot tell, and takes them as open.
#[cfg(target_os = "linux")]
extern "C" fn probe_standard_descriptors() {
    let proc = Path::new("/proc/self/fd").is_dir();
    let closed = |fd: &str| proc && std::fs::symlink_metadata(fd).is_err();
    let relaxed = std::sync::atomic::Ordering::Relaxed;
    STANDARD_OUTPUT_CLOSED.store(closed("/proc/self/fd/1"), relaxed);
    STANDARD_INPUT_CLOSED.store(closed("/proc/self/fd/0"), relaxed);
}

/// Elsewhere the closed descriptor cannot be told from "/dev/null".
#[cfg(not(target_os = "linux"))]
fn standard_output_was_closed() -> bool {
    false
}

/// As [`standard_output_was_closed`].
#[cfg(not(target_os = "linux"))]
fn standard_input_was_closed() -> bool {
    false
}

/// How a file is named in messages and output: "-" is "(standard input)", as grep names it.
fn display_name(path: &Path) -> String {
    if path.as_os_str() == "-" {
        "(standard input)".to_string()
    } else {
        path.display().to_string()
    }
}

/// Opens a file, or standard input for "-".
fn open(path: &Path) -> io::Result<Box<dyn Read + Send>> {
    if path.as_os_str() == "-" {
        if standard_input_was_closed() {
            return Err(io::Error::other("closed: nothing to read"));
        }
        return Ok(Box::new(SkipBom::new(io::stdin())));
    }
    let file = std::fs::File::open(path)?;
    if file.metadata()?.is_dir() {
        return Err(io::Error::other("is a directory"));
    }
    Ok(Box::new(SkipBom::new(file)))
}

/// The UTF-8 byte order mark.
const BOM: [u8; 3] = [0xEF, 0xBB, 0xBF];

/// A reader that leaves out a UTF-8 byte order mark at the start of its input: editors on
/// Windows write one, and it is no part of the first line (read as U+FEFF, a character an IRI
/// may hold, it made `https:` a relative path's first segment). It waits for more bytes only
/// while those read may start one, so that a line is not held back.
struct SkipBom<R> {
    inner: R,
    /// The first bytes, while they may be the mark's, and how many of them are given out.
    head: [u8; 3],
    len: usize,
    given: usize,
    read: bool,
}

impl<R> SkipBom<R> {
    fn new(inner: R) -> Self {
        SkipBom {
            inner,
            head: [0; 3],
            len: 0,
            given: 0,
            read: false,
        }
    }
}

impl<R: Read> Read for SkipBom<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        while !self.read {
            let n = self.inner.read(&mut self.head[self.len..])?;
            self.len += n;
            if n == 0 || self.len == BOM.len() || self.head[..self.len] != BOM[..self.len] {
                self.read = true;
                if self.head == BOM {
                    self.given = BOM.len();
                }
            }
        }
        if self.given < self.len {
            let n = (self.len - self.given).min(buf.len());
            buf[..n].copy_from_slice(&self.head[self.given..self.given + n]);
            self.given += n;
            return Ok(n);
        }
        self.inner.read(buf)
    }
}

/// Writes the summary of a run to standard error, and returns whether it could.
fn summary(stats: &Stats, secs: f64) -> bool {
    let errors: u64 = stats.errors.values().sum();
    let mut line = format!(
        "iriscan: lines: {}, ok: {}, not ok: {}",
        stats.lines, stats.ok, errors
    );
    if !stats.errors.is_empty() {
        let kinds: Vec<String> = stats
            .errors
            .iter()
            .map(|(k, n)| format!("{k}: {n}"))
            .collect();
        line.push_str(&format!(" ({})", kinds.join(", ")));
    }
    let mb = stats.bytes as f64 / 1e6;
    line.push_str(&format!(
        "; {mb:.1} MB in {secs:.2} s ({:.0} MB/s)",
        mb / secs.max(1e-9)
    ));
    message(format_args!("{line}"))
}

/// Bytes read from an input: whole lines, but for the last one of the input.
pub struct Block {
    /// The buffer, initialized to its length, so that it can be read into again.
    buf: Vec<u8>,
    /// The bytes of the lines: `buf[..len]`.
    len: usize,
}

impl Block {
    fn bytes(&self) -> &[u8] {
        &self.buf[..self.len]
    }
}

/// Reads `input` into blocks of whole lines and passes each to `send`, until the input ends or
/// `send` returns false. A block is sent after every `read` that completed a line, so that a
/// slow stream (`tail -f`) gets its results as soon as its lines arrive; a line longer than a
/// block makes the block grow to hold it. `recycled` gives back buffers already processed, so
/// that none is allocated and zeroed anew for each read. A read error comes after the bytes read
/// before it. Returns the number of bytes searched for "\n": each byte once, so a long line
/// costs time linear in its length.
fn read_blocks(
    input: &mut dyn Read,
    mut recycled: impl FnMut() -> Option<Vec<u8>>,
    mut send: impl FnMut(io::Result<Block>) -> bool,
) -> u64 {
    let mut fresh = |at_least: usize| match recycled() {
        Some(buf) if buf.len() >= at_least => buf,
        _ => vec![0u8; PIECE.max(at_least)],
    };
    let mut buf = fresh(PIECE);
    let mut filled = 0;
    let mut searched = 0u64;
    loop {
        if filled == buf.len() {
            // A line that memory cannot hold (an endless one, as from /dev/zero) is an error
            // that names it, not an abort.
            if buf.try_reserve_exact(buf.len()).is_err() {
                send(Err(io::Error::new(
                    io::ErrorKind::OutOfMemory,
                    format!("a line of over {filled} bytes does not fit in memory"),
                )));
                return searched;
            }
            buf.resize(buf.len() * 2, 0);
        }
        let n = match input.read(&mut buf[filled..]) {
            Ok(0) => {
                if filled > 0 {
                    send(Ok(Block { buf, len: filled }));
                }
                return searched;
            }
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => {
                if filled == 0 || send(Ok(Block { buf, len: filled })) {
                    send(Err(e));
                }
                return searched;
            }
        };
        let last = last_newline(&buf[filled..filled + n], &mut searched);
        filled += n;
        if let Some(i) = last {
            let complete = filled - n + i + 1;
            let tail = filled - complete;
            let mut next = fresh(2 * tail);
            next[..tail].copy_from_slice(&buf[complete..filled]);
            let block = Block {
                buf: std::mem::replace(&mut buf, next),
                len: complete,
            };
            if !send(Ok(block)) {
                return searched;
            }
            filled = tail;
        }
    }
}

/// The position of the last "\n" in `bytes`, counting the bytes searched.
fn last_newline(bytes: &[u8], searched: &mut u64) -> Option<usize> {
    *searched += bytes.len() as u64;
    memchr::memrchr(b'\n', bytes)
}

/// A command with the choices of one run.
struct Engine<'a> {
    cmd: &'a dyn LineCommand,
    style: Style,
    /// `--valid` (`Some(true)`) or `--invalid` (`Some(false)`), when the engine applies it.
    select: Option<bool>,
    /// `--quiet`: not even the lines `--invalid` selects are written.
    quiet: bool,
}

impl Engine<'_> {
    /// Runs over one input. A reader thread reads ahead while the blocks already read are
    /// processed: at most `QUEUE` blocks wait. The thread is not joined: when the output fails,
    /// the run ends without waiting for an input that may never end; the thread ends at its
    /// next block (the channel is closed) or with the process.
    fn run_input(
        &self,
        mut input: Box<dyn Read + Send>,
        label: Option<&str>,
        out: &mut impl Write,
        stats: &mut Stats,
        progress: &Progress,
    ) -> Result<(), Stop> {
        let (tx, rx) = sync_channel::<io::Result<Block>>(QUEUE);
        let (give_back, recycled) = channel::<Vec<u8>>();
        std::thread::spawn(move || {
            read_blocks(
                &mut input,
                || recycled.try_recv().ok(),
                |block| tx.send(block).is_ok(),
            )
        });
        self.run_blocks(rx, &give_back, label, out, stats, progress)
    }

    /// Takes a block, and whatever else has arrived (up to a batch), processes their lines,
    /// and writes the output before waiting for more.
    fn run_blocks(
        &self,
        rx: Receiver<io::Result<Block>>,
        give_back: &Sender<Vec<u8>>,
        label: Option<&str>,
        out: &mut impl Write,
        stats: &mut Stats,
        progress: &Progress,
    ) -> Result<(), Stop> {
        let mut first_line = 1;
        while let Ok(first) = rx.recv() {
            let mut failed = None;
            let mut blocks = Vec::new();
            let mut size = 0;
            let mut next = Some(first);
            while let Some(block) = next.take() {
                match block {
                    Ok(block) => {
                        size += block.len;
                        blocks.push(block);
                    }
                    Err(e) => {
                        failed = Some(e);
                        break;
                    }
                }
                if size < BATCH {
                    next = rx.try_recv().ok();
                }
            }
            // The lines read before a read error are processed: none is lost.
            first_line += self.run_region(&blocks, first_line, label, out, stats)?;
            out.flush().map_err(Stop::Output)?;
            stats.bytes += size as u64;
            progress.inc(size as u64);
            for block in blocks {
                // Buffers that grew for a long line are let go.
                if block.buf.len() <= 2 * PIECE {
                    let _ = give_back.send(block.buf);
                }
            }
            if let Some(e) = failed {
                return Err(Stop::Input(e));
            }
        }
        Ok(())
    }

    /// Runs the command over the lines of `blocks` in parallel chunks and writes their output
    /// in order. Returns the number of lines.
    fn run_region(
        &self,
        blocks: &[Block],
        first_line: u64,
        label: Option<&str>,
        out: &mut impl Write,
        stats: &mut Stats,
    ) -> Result<u64, Stop> {
        let mut chunks = Vec::new();
        for block in blocks {
            let mut rest = block.bytes();
            while !rest.is_empty() {
                let cut = cut_at_line(rest, CHUNK);
                chunks.push(&rest[..cut]);
                rest = &rest[cut..];
            }
        }
        // Line numbers: each chunk's first line, from the count of lines before it.
        let mut starts = vec![first_line; chunks.len()];
        if matches!(self.style, Style::Text | Style::Json) {
            let counts: Vec<u64> = chunks.par_iter().map(|c| count_lines(c)).collect();
            for i in 1..chunks.len() {
                starts[i] = starts[i - 1] + counts[i - 1];
            }
        }
        let results: Vec<(Vec<u8>, Stats)> = chunks
            .par_iter()
            .zip(starts.par_iter())
            .map(|(chunk, &start)| self.run_chunk(chunk, start, label))
            .collect();
        let mut n = 0;
        for (buf, mut local) in results {
            local.selected = self
                .cmd
                .write_chunk(&buf, local.selected, out)
                .map_err(Stop::Output)?;
            n += local.lines;
            stats.merge(local);
        }
        Ok(n)
    }

    /// The output and counts of one chunk of lines.
    fn run_chunk(&self, chunk: &[u8], start: u64, label: Option<&str>) -> (Vec<u8>, Stats) {
        let mut buf = Vec::with_capacity(chunk.len() / 4);
        let mut local = Stats::default();
        for (number, bytes) in (start..).zip(lines(chunk)) {
            local.lines += 1;
            let line = Line {
                file: label,
                number,
                bytes,
            };
            let mark = buf.len();
            let verdict = self.cmd.line(line, self.style, &mut buf);
            match (verdict, self.select) {
                (Ok(()), Some(true)) => local.selected += 1,
                (Err(_), Some(true)) => buf.truncate(mark),
                (Err(_), Some(false)) => {
                    if !self.quiet {
                        buf.extend_from_slice(bytes);
                        buf.push(b'\n');
                    }
                    local.selected += 1;
                }
                _ => {}
            }
            match verdict {
                Ok(()) => local.ok += 1,
                Err(kind) => *local.errors.entry(kind).or_default() += 1,
            }
        }
        (buf, local)
    }
}

/// The length of the prefix of `data` that ends after the first "\n" at or after `at`, or all.
fn cut_at_line(data: &[u8], at: usize) -> usize {
    if data.len() <= at {
        return data.len();
    }
    memchr::memchr(b'\n', &data[at..]).map_or(data.len(), |i| at + i + 1)
}

/// The number of lines in `chunk` (a last line without "\n" counts).
fn count_lines(chunk: &[u8]) -> u64 {
    let newlines = memchr::memchr_iter(b'\n', chunk).count() as u64;
    newlines + u64::from(chunk.last().is_some_and(|&b| b != b'\n'))
}

/// The lines of `chunk`, without "\n" and a "\r" before it.
fn lines(chunk: &[u8]) -> impl Iterator<Item = &[u8]> {
    let mut rest = chunk;
    std::iter::from_fn(move || {
        if rest.is_empty() {
            return None;
        }
        let line = match memchr::memchr(b'\n', rest) {
            Some(i) => {
                let line = &rest[..i];
                rest = &rest[i + 1..];
                line.strip_suffix(b"\r").unwrap_or(line)
            }
            // The last line, without "\n": a "\r" at its end is its own.
            None => std::mem::take(&mut rest),
        };
        Some(line)
    })
}

/// A progress bar on standard error while a large input is read: only when standard error is
/// a terminal and standard output is not (there the results are the progress), and never with
/// `--quiet`. It is cleared before anything else is written to standard error.
struct Progress(Option<indicatif::ProgressBar>);

impl Progress {
    fn new(files: &[PathBuf], quiet: bool) -> Progress {
        if quiet || !io::stderr().is_terminal() || io::stdout().is_terminal() {
            return Progress(None);
        }
        if files.is_empty() || files.iter().any(|f| f.as_os_str() == "-") {
            let bar = indicatif::ProgressBar::new_spinner();
            bar.set_style(
                indicatif::ProgressStyle::with_template("{spinner} {bytes} read, {bytes_per_sec}")
                    .expect("a valid template"),
            );
            return Progress(Some(bar));
        }
        let total: u64 = files
            .iter()
            .filter_map(|f| std::fs::metadata(f).ok())
            .map(|m| m.len())
            .sum();
        if total < 64 << 20 {
            return Progress(None);
        }
        let bar = indicatif::ProgressBar::new(total);
        bar.set_style(
            indicatif::ProgressStyle::with_template(
                "{bar:40} {bytes}/{total_bytes} {bytes_per_sec}, {eta} left",
            )
            .expect("a valid template"),
        );
        Progress(Some(bar))
    }

    fn inc(&self, n: u64) {
        if let Some(bar) = &self.0 {
            bar.inc(n);
        }
    }

    fn suspend(&self, f: impl FnOnce()) {
        match &self.0 {
            Some(bar) => bar.suspend(f),
            None => f(),
        }
    }

    fn finish(&self) {
        if let Some(bar) = &self.0 {
            bar.finish_and_clear();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The mark is left out however the reads cut it, and only the whole mark at the start.
    #[test]
    fn a_byte_order_mark_is_left_out_however_it_is_read() {
        /// A reader that gives one byte a read.
        struct Trickle<'a>(&'a [u8]);
        impl Read for Trickle<'_> {
            fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
                match (self.0.split_first(), buf.first_mut()) {
                    (Some((&b, rest)), Some(slot)) => {
                        (*slot, self.0) = (b, rest);
                        Ok(1)
                    }
                    _ => Ok(0),
                }
            }
        }
        for (input, expected) in [
            (&b"\xef\xbb\xbfab"[..], &b"ab"[..]),
            (b"\xef\xbb\xbf", b""),
            (b"\xef\xbbab", b"\xef\xbbab"),
            (b"\xefa", b"\xefa"),
            (b"\xef\xbb", b"\xef\xbb"),
            (b"", b""),
            (b"a\xef\xbb\xbf", b"a\xef\xbb\xbf"),
            (b"\xef\xbb\xbf\xef\xbb\xbfa", b"\xef\xbb\xbfa"),
        ] {
            let (mut trickled, mut whole) = (Vec::new(), Vec::new());
            SkipBom::new(Trickle(input))
                .read_to_end(&mut trickled)
                .unwrap();
            SkipBom::new(input).read_to_end(&mut whole).unwrap();
            assert_eq!(
                (&trickled[..], &whole[..]),
                (expected, expected),
                "{input:?}"
            );
        }
    }

    #[test]
    fn lines_split_like_the_contract() {
        let got: Vec<&[u8]> = lines(b"a\r\n\nb\rc\nlast").collect();
        assert_eq!(got, [&b"a"[..], b"", b"b\rc", b"last"]);
        assert_eq!(lines(b"").count(), 0);
        assert_eq!(lines(b"\n").count(), 1);
        // Only a "\r" before a "\n" is dropped: the last line of an input keeps its own.
        let got: Vec<&[u8]> = lines(b"a\r\nlast\r").collect();
        assert_eq!(got, [&b"a"[..], b"last\r"]);
        assert_eq!(count_lines(b"a\r\n\nb\rc\nlast"), 4);
        assert_eq!(count_lines(b"a\n"), 1);
    }

    #[test]
    fn cuts_fall_after_a_newline() {
        let data = b"aaa\nbbb\nccc";
        assert_eq!(cut_at_line(data, 0), 4);
        assert_eq!(cut_at_line(data, 4), 8);
        assert_eq!(cut_at_line(data, 9), 11);
        assert_eq!(cut_at_line(data, 100), 11);
    }

    /// A reader that gives at most `piece` bytes a call, as a pipe does.
    struct Trickle<'a> {
        data: &'a [u8],
        piece: usize,
    }

    impl Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let n = self.piece.min(buf.len()).min(self.data.len());
            buf[..n].copy_from_slice(&self.data[..n]);
            self.data = &self.data[n..];
            Ok(n)
        }
    }

    fn blocks_of(data: &[u8], piece: usize) -> (Vec<Vec<u8>>, u64) {
        let mut blocks = Vec::new();
        let searched = read_blocks(
            &mut Trickle { data, piece },
            || None,
            |b| {
                blocks.push(b.unwrap().bytes().to_vec());
                true
            },
        );
        (blocks, searched)
    }

    #[test]
    fn a_long_line_in_small_pieces_is_searched_once() {
        let mut data = vec![b'a'; 24 << 20];
        data.extend_from_slice(b"\nnext\nlast");
        let (blocks, searched) = blocks_of(&data, 4096);
        assert_eq!(searched, data.len() as u64, "each byte searched once");
        assert_eq!(blocks.concat(), data);
        assert_eq!(blocks.len(), 2);
        assert!(blocks[0].ends_with(b"\nnext\n"));
        assert_eq!(blocks[1], b"last");
    }

    #[test]
    fn blocks_hold_whole_lines() {
        let data: Vec<u8> = (0..200_000)
            .flat_map(|i| format!("http://a/{i}\n").into_bytes())
            .collect();
        for piece in [1, 7, 4096, 65536, 1 << 22] {
            let (blocks, _) = blocks_of(&data[..data.len().min(piece * 50_000)], piece);
            for b in &blocks[..blocks.len() - 1] {
                assert_eq!(b.last(), Some(&b'\n'), "piece {piece}");
            }
            assert_eq!(blocks.concat(), data[..data.len().min(piece * 50_000)]);
        }
    }

    #[test]
    fn a_read_error_comes_after_the_lines_read_before_it() {
        struct Failing(bool);
        impl Read for Failing {
            fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
                if std::mem::replace(&mut self.0, true) {
                    return Err(io::Error::other("disk"));
                }
                buf[..6].copy_from_slice(b"a\nb\nc!");
                Ok(6)
            }
        }
        let mut got = Vec::new();
        read_blocks(
            &mut Failing(false),
            || None,
            |b| {
                got.push(b.map(|b| b.bytes().to_vec()).map_err(|e| e.to_string()));
                true
            },
        );
        // The last line as far as it was read, then the error.
        assert_eq!(
            got,
            [
                Ok(b"a\nb\n".to_vec()),
                Ok(b"c!".to_vec()),
                Err("disk".to_string())
            ]
        );
    }
}
