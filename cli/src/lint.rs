//! `iriscan lint`: what makes each valid IRI hard to read or easy to spoof (`iriscan::lint`).

use crate::engine::{self, CommonArgs, Line, LineCommand, Style};
use crate::output::{json_str, write_error_json, write_text_position};
use iriscan::lint::{Lint, LintCode, Severity};
use iriscan::IriRef;
use std::io::Write;

/// Lint each line, an IRI reference: right-to-left components (3987bis 4.2, 4.4), several
/// scripts or look-alike characters in one component (8.5, 6.1), characters that change under
/// NFC or NFKC (3.1, 8.5), invisible characters (7.3, 8.5).
///
/// Codes: bidi-mixed, bidi-edge, bidi-digit-adjacent (an info), mixed-script, confusable,
/// lookalike-delimiter, not-nfc, not-nfkc, invisible.
///
/// Prints one line per lint, LINE<TAB>CODE<TAB>COMPONENT at byte OFFSET: MESSAGE, and nothing
/// for a clean line; a line that is not an IRI gets the error check gives it. JSON: {"line",
/// "input", "ok", "lints": [{"code", "severity", "component", "offset", "length",
/// "message"}]} or, when not ok, {"line", "input", "ok", "error"}. A line is ok for --valid
/// and --invalid when it is an IRI without a warning. Exit status: 0 when no line has a warning
/// and every line is an IRI, 1 otherwise, 2 on a usage or I/O error.
///
/// Examples:
///   iriscan lint urls.txt
///   iriscan lint --allow not-nfkc,bidi-digit-adjacent --json crawl.txt
///   iriscan lint --invalid < links.txt > suspicious.txt
#[derive(clap::Args)]
#[command(verbatim_doc_comment)]
pub struct Args {
    /// Codes not to report, separated by commas.
    #[arg(long, value_delimiter = ',', value_name = "CODE,...", value_parser = code_parser())]
    allow: Vec<LintCode>,
    #[command(flatten)]
    read: crate::mode::ReadArgs,
    #[command(flatten)]
    common: CommonArgs,
}

/// `--allow`: the names of [`LintCode::name`].
fn code_parser() -> impl clap::builder::TypedValueParser<Value = LintCode> {
    crate::names(LintCode::ALL.map(LintCode::name))
}

struct LintLines<'a>(&'a Args);

impl LineCommand for LintLines<'_> {
    fn line(&self, line: Line<'_>, style: Style, out: &mut Vec<u8>) -> Result<(), &'static str> {
        let read = &self.0.read;
        let (text, readable) = read.read(line.bytes);
        // An ASCII line has no lint: validating it is enough.
        let (verdict, lints): (Result<(), iriscan::Error>, Vec<Lint>) = if text.is_ascii() {
            (
                readable.and_then(|()| read.grammar.validate(&text)),
                Vec::new(),
            )
        } else {
            match readable.and_then(|()| IriRef::parse_bytes(&text, read.grammar)) {
                Ok(iri) => {
                    let mut lints = iri.lints();
                    lints.retain(|l| !self.0.allow.contains(&l.code()));
                    (Ok(()), lints)
                }
                Err(e) => (Err(e), Vec::new()),
            }
        };
        let warning = lints.iter().find(|l| l.severity() == Severity::Warning);
        match style {
            Style::Silent => {}
            Style::Bare => {
                out.extend_from_slice(line.bytes);
                out.push(b'\n');
            }
            Style::Json => {
                crate::output::write_json_head(out, line, &text);
                match &verdict {
                    Ok(_) => {
                        out.extend_from_slice(b",\"ok\":true,\"lints\":[");
                        for (k, lint) in lints.iter().enumerate() {
                            if k > 0 {
                                out.push(b',');
                            }
                            write_lint_json(out, lint);
                        }
                        out.extend_from_slice(b"]}\n");
                    }
                    Err(e) => {
                        out.extend_from_slice(b",\"ok\":false,");
                        write_error_json(out, e);
                        out.extend_from_slice(b"}\n");
                    }
                }
            }
            Style::Text => match &verdict {
                Ok(_) => {
                    for lint in &lints {
                        write_text_position(out, line);
                        let _ = writeln!(
                            out,
                            "\t{}\t{} at byte {}: {}",
                            lint.code(),
                            lint.component().name(),
                            lint.offset(),
                            lint.message()
                        );
                    }
                }
                Err(e) => {
                    write_text_position(out, line);
                    let _ = writeln!(out, "\terror: {e}");
                }
            },
        }
        match (verdict, warning) {
            (Err(e), _) => Err(e.kind().name()),
            (Ok(_), Some(lint)) => Err(lint.code().name()),
            (Ok(_), None) => Ok(()),
        }
    }
}

/// `{"code":...,"severity":...,"component":...,"offset":N,"length":N,"message":...}`.
fn write_lint_json(out: &mut Vec<u8>, lint: &Lint) {
    let _ = write!(
        out,
        "{{\"code\":\"{}\",\"severity\":\"{}\",\"component\":\"{}\",\"offset\":{},\"length\":{},\"message\":",
        lint.code(),
        lint.severity(),
        lint.component().name(),
        lint.offset(),
        lint.len()
    );
    json_str(out, &lint.message());
    out.push(b'}');
}

pub fn run(args: &Args) -> u8 {
    engine::run(&args.common, &LintLines(args))
}
