//! `iriscan compare`: two IRIs per line, separated by a tab, compared at a rung of the ladder
//! (3987bis 5.3).

use crate::engine::{self, Line, LineCommand, Report};
use crate::output::{json_str, write_json_position, write_text_position};
use iriscan::compare::{compare, CompareOptions, Equivalence};
use iriscan::normalize::Level;
use iriscan::{Iri, IriRef};
use std::io::Write;
use std::path::PathBuf;

/// Compare the two IRI references of each line, separated by a tab, at a level of the
/// comparison ladder (3987bis 5.3): equivalent, different, or cannot tell (when IDNA fails on a
/// host at the scheme level).
///
/// Relative references are resolved against --base first; without it they are an error.
///
/// Examples:
///   iriscan compare pairs.tsv
///   iriscan compare --level scheme --exclude-fragment --json pairs.tsv
///   paste old.txt new.txt | iriscan compare --base https://example.org/
#[derive(clap::Args)]
#[command(verbatim_doc_comment)]
pub struct Args {
    /// The rung of the ladder.
    #[arg(long, default_value = "syntax", value_parser = crate::normalize::level_parser())]
    level: Level,
    /// The absolute IRI that relative references are resolved against (RFC 3986 5.2).
    #[arg(long, value_name = "IRI")]
    base: Option<String>,
    /// Leave fragments out, as when the comparison selects a network action (5.1).
    #[arg(long)]
    exclude_fragment: bool,
    #[command(flatten)]
    read: crate::mode::ReadArgs,
    /// One JSON object per line: {"line", "input", "ok", "equivalent": true, false or null} or,
    /// when not ok, {"line", "input", "ok", "error": {"kind", "offset", "message"}}.
    #[arg(long)]
    json: bool,
    /// Print nothing per line and no summary: the exit status tells.
    #[arg(long, short, conflicts_with = "json")]
    quiet: bool,
    /// Files to read; standard input when none.
    files: Vec<PathBuf>,
}

pub fn run(args: &Args) -> u8 {
    // --base as resolve and relativize read it: by --mode, and absolute (RFC 3986 5.2.1).
    let text = match args.base.as_deref() {
        None => None,
        Some(b) => match crate::resolve::base(b, &args.read) {
            Some(text) => Some(text),
            None => return engine::EXIT_TROUBLE,
        },
    };
    let base = text.as_deref().map(|t| Iri::parse(t).expect("checked"));
    let mut options = CompareOptions::new(args.level).exclude_fragment(args.exclude_fragment);
    options.base = base;
    engine::run(
        &args.files,
        &Compare { args, options },
        &Report { quiet: args.quiet },
    )
}

struct Compare<'a> {
    args: &'a Args,
    options: CompareOptions<'a>,
}

/// Why a line could not be compared: its kind, byte offset in the line, and message.
struct Failure {
    kind: &'static str,
    offset: usize,
    message: String,
}

impl Compare<'_> {
    fn compare(&self, bytes: &[u8]) -> Result<Equivalence, Failure> {
        let Some(tab) = memchr::memchr(b'\t', bytes) else {
            return Err(Failure {
                kind: "missing_tab",
                offset: bytes.len(),
                message: "a line holds two IRI references separated by a tab".into(),
            });
        };
        let grammar = self.args.read.grammar;
        fn side<'t>(
            text: &'t [u8],
            grammar: iriscan::Grammar,
            at: usize,
            which: &str,
        ) -> Result<IriRef<'t>, Failure> {
            IriRef::parse_bytes(text, grammar).map_err(|e| Failure {
                kind: e.kind().name(),
                offset: at + e.offset(),
                message: format!("{which} IRI: {e}"),
            })
        }
        let left = self.args.read.apply(&bytes[..tab]);
        let right = self.args.read.apply(&bytes[tab + 1..]);
        let a = side(&left, grammar, 0, "first")?;
        let b = side(&right, grammar, tab + 1, "second")?;
        compare(&a, &b, &self.options).map_err(|e| Failure {
            kind: "relative_reference",
            offset: 0,
            message: e.to_string(),
        })
    }
}

impl LineCommand for Compare<'_> {
    fn line(&self, line: Line<'_>, out: &mut Vec<u8>) -> Result<(), &'static str> {
        let result = self.compare(line.bytes);
        if self.args.quiet {
        } else if self.args.json {
            out.push(b'{');
            write_json_position(out, line);
            json_str(out, &String::from_utf8_lossy(line.bytes));
            match &result {
                Ok(e) => {
                    let equivalent = match e.as_bool() {
                        Some(true) => "true",
                        Some(false) => "false",
                        None => "null",
                    };
                    let _ = write!(out, ",\"ok\":true,\"equivalent\":{equivalent}");
                }
                Err(f) => {
                    let _ = write!(
                        out,
                        ",\"ok\":false,\"error\":{{\"kind\":\"{}\",\"offset\":{},\"message\":",
                        f.kind, f.offset
                    );
                    json_str(out, &f.message);
                    out.push(b'}');
                }
            }
            out.extend_from_slice(b"}\n");
        } else {
            write_text_position(out, line);
            let _ = match &result {
                Ok(Equivalence::Equivalent) => writeln!(out, "\tequivalent"),
                Ok(Equivalence::Different) => writeln!(out, "\tdifferent"),
                Ok(Equivalence::CannotTell) => writeln!(out, "\tcannot tell"),
                Err(f) => writeln!(out, "\terror: {}", f.message),
            };
        }
        result.map(|_| ()).map_err(|f| f.kind)
    }

    fn needs_line_numbers(&self) -> bool {
        !self.args.quiet
    }
}
