//! `iriscan check`: validates each line against a grammar.

use crate::lines::{for_each_line, EXIT_TROUBLE};
use iriscan::Grammar;
use std::io::{self, Write};
use std::path::PathBuf;

/// Validate each line as an IRI reference (or another grammar).
///
/// Prints, per line, its number and "ok" or the error. Exit status: 0 when every line is ok,
/// 1 when some line is not, 2 on a usage or I/O error.
///
/// Example: iriscan check --grammar iri data/sample.txt
#[derive(clap::Args)]
pub struct Args {
    /// The grammar each line must match.
    #[arg(long, default_value = "iri-ref", value_parser = grammar_parser())]
    grammar: Grammar,
    /// One JSON object per line: {"line", "input", "ok", "error": {"kind", "offset", "message"}}.
    #[arg(long)]
    json: bool,
    /// Files to read; standard input when none.
    files: Vec<PathBuf>,
}

/// `--grammar`: the names of [`Grammar::name`], listed in `--help`.
fn grammar_parser() -> impl clap::builder::TypedValueParser<Value = Grammar> {
    use clap::builder::TypedValueParser;
    clap::builder::PossibleValuesParser::new(Grammar::ALL.map(Grammar::name))
        .map(|name| name.parse::<Grammar>().expect("a listed grammar"))
}

pub fn run(args: &Args) -> u8 {
    let stdout = io::stdout();
    let mut out = io::BufWriter::with_capacity(1 << 16, stdout.lock());
    let mut failed = false;
    let result = for_each_line(&args.files, |file, number, line| {
        let verdict = args.grammar.validate(line);
        failed |= verdict.is_err();
        if args.json {
            // Fields in the order of the contract (DESIGN.md): file, line, input, ok, error.
            out.write_all(b"{")?;
            if let Some(file) = file {
                out.write_all(b"\"file\":")?;
                serde_json::to_writer(&mut out, file)?;
                out.write_all(b",")?;
            }
            write!(out, "\"line\":{number},\"input\":")?;
            // JSON strings are Unicode: bytes that are not UTF-8 show as U+FFFD here, and the
            // error's offset still counts the original bytes.
            serde_json::to_writer(&mut out, &String::from_utf8_lossy(line))?;
            match verdict {
                Ok(()) => out.write_all(b",\"ok\":true}\n"),
                Err(e) => {
                    write!(
                        out,
                        ",\"ok\":false,\"error\":{{\"kind\":\"{}\",\"offset\":{},\"message\":",
                        e.kind().name(),
                        e.offset()
                    )?;
                    serde_json::to_writer(&mut out, &e.to_string())?;
                    out.write_all(b"}}\n")
                }
            }
        } else {
            if let Some(file) = file {
                write!(out, "{file}:")?;
            }
            match verdict {
                Ok(()) => writeln!(out, "{number}\tok"),
                Err(e) => writeln!(out, "{number}\terror: {e}"),
            }
        }
    });
    let flushed = out.flush();
    match (result, flushed) {
        (Ok(true), Ok(())) => u8::from(failed),
        (Err(e), _) | (_, Err(e)) if e.kind() == io::ErrorKind::BrokenPipe => u8::from(failed),
        (Err(e), _) | (_, Err(e)) => {
            eprintln!("iriscan: {e}");
            EXIT_TROUBLE
        }
        (Ok(false), Ok(())) => EXIT_TROUBLE,
    }
}
