//! The engine every command runs on: it reads lines from files (memory-mapped) or standard input
//! (streamed, in blocks of bounded size), hands them in parallel chunks to the command, and writes
//! the results in input order through one buffered writer (DESIGN.md, "The command-line tool").
//!
//! A line ends at "\n"; a "\r" before it is not part of the line; the last line may lack its
//! "\n"; an empty line is a line. Lines are bytes: a command reports invalid UTF-8 on its line.
//! Every line gets exactly one call to the command, in every path.

use rayon::prelude::*;
use std::collections::BTreeMap;
use std::io::{self, IsTerminal, Read, Write};
use std::path::PathBuf;
use std::time::Instant;

/// Exit status when every line was ok.
pub const EXIT_OK: u8 = 0;
/// Exit status when some line was not ok.
pub const EXIT_NOT_OK: u8 = 1;
/// Exit status for usage and I/O errors.
pub const EXIT_TROUBLE: u8 = 2;

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
    /// Appends the result for `line` to `out` (nothing, when a filter drops it) and returns
    /// `Err(kind)` when the line is not ok, with the kind for the summary.
    fn line(&self, line: Line<'_>, out: &mut Vec<u8>) -> Result<(), &'static str>;

    /// Whether the output shows line numbers (if not, the engine need not count lines ahead).
    fn needs_line_numbers(&self) -> bool {
        true
    }

    /// Writes what [`line`](Self::line) appended for one chunk of lines. The engine calls it
    /// from one thread, chunk after chunk in input order, so that a command whose output depends
    /// on the lines before (`dedupe`) can decide here; the others write the bytes as they are.
    fn write_chunk(&self, chunk: &[u8], out: &mut dyn Write) -> io::Result<()> {
        out.write_all(chunk)
    }
}

/// How the engine reports.
pub struct Report {
    /// No summary on standard error.
    pub quiet: bool,
}

/// Bytes per parallel chunk.
const CHUNK: usize = 256 << 10;
/// Bytes of a memory-mapped file processed, and their output held, at once.
const WINDOW: usize = 16 << 20;
/// Bytes of a stream processed at once, at most (unless one line is longer).
const BLOCK: usize = 8 << 20;

#[derive(Default)]
struct Stats {
    lines: u64,
    ok: u64,
    errors: BTreeMap<&'static str, u64>,
}

impl Stats {
    fn merge(&mut self, other: Stats) {
        self.lines += other.lines;
        self.ok += other.ok;
        for (k, n) in other.errors {
            *self.errors.entry(k).or_default() += n;
        }
    }
}

/// Runs `cmd` over every line of `files` (standard input when empty) and returns the exit status.
pub fn run(files: &[PathBuf], cmd: &dyn LineCommand, report: &Report) -> u8 {
    let start = Instant::now();
    let stdout = io::stdout();
    let mut out = io::BufWriter::with_capacity(1 << 20, stdout.lock());
    let mut stats = Stats::default();
    let mut bytes = 0u64;
    let mut trouble = false;
    let progress = Progress::new(files);

    let result = (|| -> io::Result<()> {
        if files.is_empty() {
            bytes += run_stream(io::stdin(), None, cmd, &mut out, &mut stats, &progress)?;
            return Ok(());
        }
        for path in files {
            let name = path.display().to_string();
            let label = (files.len() > 1).then_some(name.as_str());
            match run_file(path, label, cmd, &mut out, &mut stats, &progress) {
                Ok(n) => bytes += n,
                Err(e) if e.kind() == io::ErrorKind::BrokenPipe => return Err(e),
                Err(e) => {
                    progress.suspend(|| eprintln!("iriscan: {name}: {e}"));
                    trouble = true;
                }
            }
        }
        Ok(())
    })();
    progress.finish();
    let flushed = out.flush();
    for e in [result.err(), flushed.err()].into_iter().flatten() {
        // A closed pipe (`iriscan check big.txt | head`) ends the run quietly.
        if e.kind() != io::ErrorKind::BrokenPipe {
            eprintln!("iriscan: {e}");
            trouble = true;
        }
    }
    if !report.quiet {
        summary(&stats, bytes, start.elapsed().as_secs_f64());
    }
    if trouble {
        EXIT_TROUBLE
    } else if stats.ok < stats.lines {
        EXIT_NOT_OK
    } else {
        EXIT_OK
    }
}

fn summary(stats: &Stats, bytes: u64, secs: f64) {
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
    let mb = bytes as f64 / 1e6;
    line.push_str(&format!(
        "; {mb:.1} MB in {secs:.2} s ({:.0} MB/s)",
        mb / secs.max(1e-9)
    ));
    eprintln!("{line}");
}

/// A file: memory-mapped when it can be (a regular file), read as a stream otherwise.
fn run_file(
    path: &std::path::Path,
    label: Option<&str>,
    cmd: &dyn LineCommand,
    out: &mut impl Write,
    stats: &mut Stats,
    progress: &Progress,
) -> io::Result<u64> {
    let file = std::fs::File::open(path)?;
    let meta = file.metadata()?;
    if meta.is_dir() {
        return Err(io::Error::other("is a directory"));
    }
    if !meta.is_file() || meta.len() == 0 {
        return run_stream(file, label, cmd, out, stats, progress);
    }
    // SAFETY: the map is only read as bytes, never as `str` without validation. If another
    // process truncates the file while it is mapped, reads past its new end fault (SIGBUS), as in
    // every mmap-based tool; iriscan accepts that risk for the speed of reading large logs.
    let map = unsafe { memmap2::Mmap::map(&file)? };
    let mut first_line = 1;
    let mut rest: &[u8] = &map;
    while !rest.is_empty() {
        let cut = cut_at_line(rest, WINDOW);
        first_line += run_region(&rest[..cut], first_line, label, cmd, out, stats)?;
        progress.inc(cut as u64);
        rest = &rest[cut..];
    }
    Ok(map.len() as u64)
}

/// A stream. A reader thread reads it in pieces while the lines read so far are processed, so
/// that a slow stream (`tail -f`) gets its results as soon as its lines arrive, and a fast one is
/// processed in large parallel blocks. Memory stays bounded whatever the size of the input: at
/// most `QUEUE` pieces wait, and a block grows past `BLOCK` only to hold one longer line.
fn run_stream(
    input: impl Read + Send,
    label: Option<&str>,
    cmd: &dyn LineCommand,
    out: &mut impl Write,
    stats: &mut Stats,
    progress: &Progress,
) -> io::Result<u64> {
    const PIECE: usize = 1 << 20;
    const QUEUE: usize = 16;
    let (tx, rx) = std::sync::mpsc::sync_channel::<io::Result<Vec<u8>>>(QUEUE);
    std::thread::scope(|scope| {
        scope.spawn(move || {
            let mut input = input;
            loop {
                let mut piece = vec![0u8; PIECE];
                match input.read(&mut piece) {
                    Ok(0) => return,
                    Ok(n) => {
                        piece.truncate(n);
                        if tx.send(Ok(piece)).is_err() {
                            return;
                        }
                    }
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                    Err(e) => {
                        let _ = tx.send(Err(e));
                        return;
                    }
                }
            }
        });
        let mut buf: Vec<u8> = Vec::new();
        let mut first_line = 1;
        let mut total = 0u64;
        // Wait for a piece, take whatever else has arrived (up to a block), process the complete
        // lines, keep the rest for the next round.
        while let Ok(piece) = rx.recv() {
            let piece = piece?;
            total += piece.len() as u64;
            progress.inc(piece.len() as u64);
            buf.extend_from_slice(&piece);
            while buf.len() < BLOCK {
                match rx.try_recv() {
                    Ok(piece) => {
                        let piece = piece?;
                        total += piece.len() as u64;
                        progress.inc(piece.len() as u64);
                        buf.extend_from_slice(&piece);
                    }
                    Err(_) => break,
                }
            }
            let Some(last) = memchr::memrchr(b'\n', &buf) else {
                continue;
            };
            first_line += run_region(&buf[..=last], first_line, label, cmd, out, stats)?;
            out.flush()?;
            buf.drain(..=last);
        }
        // The last line, without its "\n".
        if !buf.is_empty() {
            run_region(&buf, first_line, label, cmd, out, stats)?;
        }
        Ok(total)
    })
}

/// The length of the prefix of `data` that ends after the first "\n" at or after `at`, or all.
fn cut_at_line(data: &[u8], at: usize) -> usize {
    if data.len() <= at {
        return data.len();
    }
    memchr::memchr(b'\n', &data[at..]).map_or(data.len(), |i| at + i + 1)
}

/// Runs `cmd` over the lines of `region` in parallel chunks and writes their output in order.
/// Returns the number of lines.
fn run_region(
    region: &[u8],
    first_line: u64,
    label: Option<&str>,
    cmd: &dyn LineCommand,
    out: &mut impl Write,
    stats: &mut Stats,
) -> io::Result<u64> {
    let mut chunks = Vec::new();
    let mut rest = region;
    while !rest.is_empty() {
        let cut = cut_at_line(rest, CHUNK);
        chunks.push(&rest[..cut]);
        rest = &rest[cut..];
    }
    // Line numbers: each chunk's first line, from the count of lines before it.
    let mut starts = vec![first_line; chunks.len()];
    if cmd.needs_line_numbers() {
        let counts: Vec<u64> = chunks.par_iter().map(|c| count_lines(c)).collect();
        for i in 1..chunks.len() {
            starts[i] = starts[i - 1] + counts[i - 1];
        }
    }
    let results: Vec<(Vec<u8>, Stats)> = chunks
        .par_iter()
        .zip(starts.par_iter())
        .map(|(chunk, &start)| {
            let mut buf = Vec::with_capacity(chunk.len() / 4);
            let mut local = Stats::default();
            for (number, bytes) in (start..).zip(lines(chunk)) {
                local.lines += 1;
                match cmd.line(
                    Line {
                        file: label,
                        number,
                        bytes,
                    },
                    &mut buf,
                ) {
                    Ok(()) => local.ok += 1,
                    Err(kind) => *local.errors.entry(kind).or_default() += 1,
                }
            }
            (buf, local)
        })
        .collect();
    let mut n = 0;
    for (buf, local) in results {
        cmd.write_chunk(&buf, out)?;
        n += local.lines;
        stats.merge(local);
    }
    Ok(n)
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
        let (line, next) = match memchr::memchr(b'\n', rest) {
            Some(i) => (&rest[..i], &rest[i + 1..]),
            None => (rest, &rest[rest.len()..]),
        };
        rest = next;
        Some(line.strip_suffix(b"\r").unwrap_or(line))
    })
}

/// A progress bar on standard error, only when it is a terminal and the input is large.
struct Progress(Option<indicatif::ProgressBar>);

impl Progress {
    fn new(files: &[PathBuf]) -> Progress {
        if !io::stderr().is_terminal() {
            return Progress(None);
        }
        if files.is_empty() {
            let bar = indicatif::ProgressBar::new_spinner();
            bar.set_style(
                indicatif::ProgressStyle::with_template("{spinner} {bytes} read, {bytes_per_sec}")
                    .unwrap(),
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
            .unwrap(),
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

    #[test]
    fn lines_split_like_the_contract() {
        let got: Vec<&[u8]> = lines(b"a\r\n\nb\rc\nlast").collect();
        assert_eq!(got, [&b"a"[..], b"", b"b\rc", b"last"]);
        assert_eq!(lines(b"").count(), 0);
        assert_eq!(lines(b"\n").count(), 1);
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
}
