//! `iriscan compare`: two IRIs per line, separated by a tab, compared at a rung of the ladder
//! (3987bis 5.3).

use crate::engine::{self, CommonArgs, Line, LineCommand, Style};
use crate::output::{json_str, write_text_position};
use iriscan::compare::{compare, CompareOptions, Equivalence};
use iriscan::normalize::Level;
use iriscan::{Iri, IriRef};
use std::io::Write;

/// Compare the two IRI references of each line, separated by a tab, at a level of the
/// comparison ladder (3987bis 5.3): equivalent, different, or cannot tell (when IDNA fails on a
/// host at the scheme level).
///
/// Relative references are resolved against --base first; without it they are an error.
///
/// JSON: {"line", "input", "ok", "equivalent": true, false or null} or, when not ok, {"line",
/// "input", "ok", "error": {"kind", "offset", "message"}}. With --valid, the verdict alone.
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
    protocol: crate::normalize::ProtocolArgs,
    #[command(flatten)]
    read: crate::mode::ReadArgs,
    #[command(flatten)]
    common: CommonArgs,
}

pub fn run(args: &Args) -> u8 {
    // --base as resolve and relativize read it: by --mode, and absolute (RFC 3986 5.2.1).
    let Ok(text) = crate::resolve::optional_base(args.base.as_deref(), &args.read) else {
        return engine::EXIT_TROUBLE;
    };
    let base = text.as_deref().map(|t| Iri::parse(t).expect("checked"));
    let mut options = CompareOptions::new(args.level)
        .exclude_fragment(args.exclude_fragment)
        .protocol(args.protocol.options());
    options.base = base;
    engine::run(&args.common, &Compare { args, options })
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
    fn compare<'t>(&self, bytes: &'t [u8]) -> Result<Equivalence, Failure> {
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
        let read = |text: &'t [u8], at: usize, which: &str| {
            let (text, readable) = self.args.read.read(text);
            readable.map(|()| text).map_err(|e| Failure {
                kind: e.kind().name(),
                offset: at + e.offset(),
                message: format!("{which} IRI: {e}"),
            })
        };
        let left = read(&bytes[..tab], 0, "first")?;
        let right = read(&bytes[tab + 1..], tab + 1, "second")?;
        let a = side(&left, grammar, 0, "first")?;
        let b = side(&right, grammar, tab + 1, "second")?;
        compare(&a, &b, &self.options).map_err(|e| Failure {
            kind: "relative_reference",
            // The side that cannot be resolved: the first unless it is absolute.
            offset: if a.is_absolute() { tab + 1 } else { 0 },
            message: e.to_string(),
        })
    }
}

impl LineCommand for Compare<'_> {
    fn line(&self, line: Line<'_>, style: Style, out: &mut Vec<u8>) -> Result<(), &'static str> {
        let result = self.compare(line.bytes);
        if style == Style::Silent {
        } else if style == Style::Bare {
            if let Ok(e) = &result {
                out.extend_from_slice(verdict(*e).as_bytes());
                out.push(b'\n');
            }
        } else if style == Style::Json {
            crate::output::write_json_head(out, line, line.bytes);
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
                Ok(e) => writeln!(out, "\t{}", verdict(*e)),
                Err(f) => writeln!(out, "\terror: {}", f.message),
            };
        }
        result.map(|_| ()).map_err(|f| f.kind)
    }
}

/// The verdict as text: "equivalent", "different" or "cannot tell".
fn verdict(e: Equivalence) -> &'static str {
    match e {
        Equivalence::Equivalent => "equivalent",
        Equivalence::Different => "different",
        Equivalence::CannotTell => "cannot tell",
    }
}
