//! `iriscan check`: validates each line against a grammar.

use crate::engine::{self, CommonArgs, Line, LineCommand, Style};
use crate::output::write_error_json;
use std::io::Write;

/// Validate each line as an IRI reference (or another grammar).
///
/// Prints, per line, its number and "ok" or the error, with its byte offset. JSON: {"line",
/// "input", "ok", "error": {"kind", "offset", "message"}}. Exit status: 0 when every line is ok,
/// 1 when some line is not, 2 on a usage or I/O error; as grep with --valid and --invalid.
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
    #[command(flatten)]
    common: CommonArgs,
}

struct Check<'a>(&'a Args);

impl LineCommand for Check<'_> {
    fn line(&self, line: Line<'_>, style: Style, out: &mut Vec<u8>) -> Result<(), &'static str> {
        let read = &self.0.read;
        let (text, readable) = read.read(line.bytes);
        let verdict = readable.and_then(|()| read.grammar.validate(&text));
        match style {
            Style::Silent => {}
            Style::Bare => {
                out.extend_from_slice(line.bytes);
                out.push(b'\n');
            }
            Style::Json => {
                crate::output::write_json_head(out, line, &text);
                match &verdict {
                    Ok(()) => out.extend_from_slice(b",\"ok\":true}\n"),
                    Err(e) => {
                        out.extend_from_slice(b",\"ok\":false,");
                        write_error_json(out, e);
                        out.extend_from_slice(b"}\n");
                    }
                }
            }
            Style::Text => {
                crate::output::write_text_position(out, line);
                match &verdict {
                    Ok(()) => out.extend_from_slice(b"\tok\n"),
                    Err(e) => {
                        let _ = writeln!(out, "\terror: {e}");
                    }
                }
            }
        }
        verdict.map_err(|e| e.kind().name())
    }
}

pub fn run(args: &Args) -> u8 {
    engine::run(&args.common, &Check(args))
}
