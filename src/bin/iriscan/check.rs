//! `iriscan check`: validates each line against a grammar.

use crate::engine::{self, Line, LineCommand, Report};
use crate::output::{json_str, write_error_json};
use std::io::Write;
use std::path::PathBuf;

/// Validate each line as an IRI reference (or another grammar).
///
/// Prints, per line, its number and "ok" or the error, with its byte offset. Exit status: 0 when
/// every line is ok, 1 when some line is not, 2 on a usage or I/O error.
///
/// Examples:
///   iriscan check data/sample.txt
///   iriscan check --grammar uri --json access.log
///   iriscan check --valid < crawl-frontier.txt > clean.txt
#[derive(clap::Args)]
#[command(verbatim_doc_comment)]
pub struct Args {
    #[command(flatten)]
    read: crate::mode::ReadArgs,
    /// One JSON object per line: {"line", "input", "ok", "error": {"kind", "offset", "message"}}.
    #[arg(long, conflicts_with_all = ["valid", "invalid"])]
    json: bool,
    /// Print only the lines that pass, as they are (like grep).
    #[arg(long, conflicts_with = "invalid")]
    valid: bool,
    /// Print only the lines that fail, as they are (like grep -v).
    #[arg(long)]
    invalid: bool,
    /// Print nothing per line and no summary: the exit status tells.
    #[arg(long, short, conflicts_with_all = ["json", "valid", "invalid"])]
    quiet: bool,
    /// Files to read; standard input when none.
    files: Vec<PathBuf>,
}

struct Check<'a>(&'a Args);

impl LineCommand for Check<'_> {
    fn line(&self, line: Line<'_>, out: &mut Vec<u8>) -> Result<(), &'static str> {
        let args = self.0;
        let text = args.read.apply(line.bytes);
        let verdict = args.read.grammar.validate(&text);
        if args.quiet {
        } else if args.valid || args.invalid {
            if verdict.is_ok() == args.valid {
                out.extend_from_slice(line.bytes);
                out.push(b'\n');
            }
        } else if args.json {
            out.push(b'{');
            crate::output::write_json_position(out, line);
            json_str(out, &String::from_utf8_lossy(line.bytes));
            crate::mode::write_json(out, line.bytes, &text);
            match &verdict {
                Ok(()) => out.extend_from_slice(b",\"ok\":true}\n"),
                Err(e) => {
                    out.extend_from_slice(b",\"ok\":false,");
                    write_error_json(out, e);
                    out.extend_from_slice(b"}\n");
                }
            }
        } else {
            crate::output::write_text_position(out, line);
            match &verdict {
                Ok(()) => out.extend_from_slice(b"\tok\n"),
                Err(e) => {
                    let _ = writeln!(out, "\terror: {e}");
                }
            }
        }
        verdict.map_err(|e| e.kind().name())
    }

    fn needs_line_numbers(&self) -> bool {
        !(self.0.quiet || self.0.valid || self.0.invalid)
    }
}

pub fn run(args: &Args) -> u8 {
    engine::run(&args.files, &Check(args), &Report { quiet: args.quiet })
}
