//! Reading inputs line by line: files named on the command line, or standard input.
//!
//! A line ends at "\n"; a "\r" before it is not part of the line; the last line may lack its
//! "\n"; an empty line is a line. Lines are bytes: invalid UTF-8 is for the command to report.

use std::io::{self, BufRead, BufReader, Read};

/// Exit status for usage and I/O errors.
pub const EXIT_TROUBLE: u8 = 2;

/// Calls `each(file, line_number, line)` for every line of every input (standard input when
/// `files` is empty). A file that cannot be read is reported on standard error and skipped;
/// the return value is then false.
pub fn for_each_line(
    files: &[std::path::PathBuf],
    mut each: impl FnMut(Option<&str>, u64, &[u8]) -> io::Result<()>,
) -> io::Result<bool> {
    let mut all_read = true;
    if files.is_empty() {
        read_lines(io::stdin().lock(), None, &mut each)?;
        return Ok(true);
    }
    for path in files {
        let name = path.display().to_string();
        let file = match std::fs::File::open(path) {
            Ok(f) => f,
            Err(e) => {
                eprintln!("iriscan: {name}: {e}");
                all_read = false;
                continue;
            }
        };
        let label = (files.len() > 1).then_some(name.as_str());
        if let Err(e) = read_lines(file, label, &mut each) {
            if e.kind() == io::ErrorKind::BrokenPipe {
                return Err(e);
            }
            eprintln!("iriscan: {name}: {e}");
            all_read = false;
        }
    }
    Ok(all_read)
}

fn read_lines(
    input: impl Read,
    label: Option<&str>,
    each: &mut impl FnMut(Option<&str>, u64, &[u8]) -> io::Result<()>,
) -> io::Result<()> {
    let mut reader = BufReader::with_capacity(1 << 16, input);
    let mut buf = Vec::new();
    let mut number = 0;
    loop {
        buf.clear();
        if reader.read_until(b'\n', &mut buf)? == 0 {
            return Ok(());
        }
        number += 1;
        let mut line = buf.as_slice();
        if let Some(rest) = line.strip_suffix(b"\n") {
            line = rest;
        }
        if let Some(rest) = line.strip_suffix(b"\r") {
            line = rest;
        }
        each(label, number, line)?;
    }
}
