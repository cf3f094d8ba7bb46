//! `iriscan extract`: the IRIs in running text (`iriscan::extract`).

use crate::convert::MappingError;
use crate::engine::{self, CommonArgs, Line, LineCommand, Style};
use crate::output::{json_str, write_text_position};
use iriscan::extract::{extract, ExtractOptions};
use iriscan::map::ToUriOptions;
use iriscan::preprocess::Mode;
use std::io::Write;

/// Find the IRIs in running text (3987bis 8.3): log lines, mail, chat, Markdown, in any script.
///
/// An IRI starts at a scheme of the scheme table followed by ":" (in lowercase or capitals:
/// "File:" is a word; and by "//" where its IRIs have an authority: not "HTTP:80"), or at any
/// scheme followed by "//" (--schemes: only those schemes), or with --www at "www." (read as
/// "http://www."); it runs on through the characters an IRI may hold, non-ASCII ones
/// included, and ends at one it may not, at white space and U+200B, at "<", ">", '"' and
/// quotation marks of any script, and at the punctuation of Chinese and Japanese text ("。",
/// "、", "，", "——", a "," before their letters) or a closing bracket without its partner
/// before text that goes on without a space ("）を", ")를"), before an opening bracket of
/// theirs without its partner ("（仅限"), at a "'" in its host ("github.com's") or text beyond
/// ASCII after its last label ("baidu.com获取"), and at a "," or ";" right before another
/// IRI; the punctuation that ends a sentence and a closing bracket without its partner are
/// left out at its end, and it must hold a letter or a digit after its scheme and "//" (not
/// "news:-("). The rules: docs/spec-choices.md, E1 to E10.
///
/// Prints one line per IRI found, LINE<TAB>IRI, and nothing for a line without one. -o: the
/// IRIs alone, one a line (with --to-uri, those that map). JSON: {"line", "offset", "length",
/// "iri"} per IRI, offset and length in bytes of the line, and "uri" with --to-uri. Exit
/// status: 0 when an IRI was found (with -o, written), 1 when none was, 2 on a usage or I/O
/// error.
///
/// Examples:
///   iriscan extract -o access.log | sort | uniq -c | sort -rn
///   iriscan extract --www --to-uri --json mail.txt
///   iriscan extract --schemes https --mode leiri chat.txt
#[derive(clap::Args)]
#[command(verbatim_doc_comment)]
pub struct Args {
    /// The schemes that start an IRI, separated by commas (ASCII case ignored). Default: those
    /// of the scheme table followed by ":" (by "//" where its IRIs have an authority), and any
    /// scheme followed by "//".
    #[arg(long, value_delimiter = ',', value_name = "SCHEME,...", value_parser = scheme_name)]
    schemes: Option<Vec<String>>,
    /// "www." at the start of a word starts an IRI too, read as "http://www.".
    #[arg(long)]
    www: bool,
    /// How each IRI found is read: strict, or mapped as a Legacy Extended IRI (leiri, 3987bis
    /// 7.1) or an href (href, 7.2), which also lets it run on through "{", "}", "|", "\", "^"
    /// and "`".
    #[arg(long, default_value = "strict", value_parser = crate::mode::parser())]
    mode: Mode,
    /// Each IRI mapped to a URI, as `iriscan to-uri` maps it by default (in JSON, "uri" beside
    /// "iri").
    #[arg(long)]
    to_uri: bool,
    /// The IRIs alone, one a line (as grep -o).
    #[arg(short = 'o', long, conflicts_with_all = ["json", "invalid", "quiet"])]
    only_matching: bool,
    #[command(flatten)]
    common: CommonArgs,
}

struct Extract<'a> {
    args: &'a Args,
    /// Whether only the IRIs with a URI form count (`--valid`, `-o`): what `--quiet` says then
    /// is whether `--valid` would write one.
    valid: bool,
    options: ExtractOptions,
    to_uri: ToUriOptions,
}

impl LineCommand for Extract<'_> {
    fn line(&self, line: Line<'_>, style: Style, out: &mut Vec<u8>) -> Result<(), &'static str> {
        let mut found = 0;
        // With -o, an IRI without a URI form is left out, as `to-uri --valid` leaves out its
        // line: the kind of the first such, for a line where nothing was written.
        let mut unmapped = None;
        for iri in extract(line.bytes, &self.options) {
            found += 1;
            let parsed = iri.iri();
            let uri = self.args.to_uri.then(|| parsed.to_uri_with(&self.to_uri));
            match style {
                // E7: with `--valid`, an IRI without a URI form is left out, and so it is with
                // -q, whose status tells whether `--valid` would write a line (which only such
                // an IRI reaches here, writing nothing).
                Style::Silent if !self.valid || !matches!(uri, Some(Err(_))) => return Ok(()),
                Style::Silent | Style::Bare => match &uri {
                    None => writeln_bytes(out, parsed.as_str()),
                    Some(Ok(uri)) => writeln_bytes(out, uri),
                    Some(Err(e)) => {
                        found -= 1;
                        unmapped.get_or_insert(e.kind().name());
                    }
                },
                Style::Text => {
                    write_text_position(out, line);
                    match &uri {
                        None => {
                            out.push(b'\t');
                            writeln_bytes(out, parsed.as_str());
                        }
                        Some(Ok(uri)) => {
                            out.push(b'\t');
                            writeln_bytes(out, uri);
                        }
                        Some(Err(e)) => {
                            let _ = writeln!(out, "\terror: {e}");
                        }
                    }
                }
                Style::Json => {
                    out.push(b'{');
                    if let Some(file) = line.file {
                        out.extend_from_slice(b"\"file\":");
                        json_str(out, file);
                        out.push(b',');
                    }
                    let range = iri.range();
                    let _ = write!(
                        out,
                        "\"line\":{},\"offset\":{},\"length\":{},\"iri\":",
                        line.number,
                        range.start,
                        range.len()
                    );
                    json_str(out, parsed.as_str());
                    match &uri {
                        None => {}
                        Some(Ok(uri)) => {
                            out.extend_from_slice(b",\"uri\":");
                            json_str(out, uri);
                        }
                        Some(Err(e)) => {
                            // As `to-uri` writes it; its offset counts the bytes of "iri".
                            let at = e.at(&parsed).map_or(0, |part| {
                                part.as_ptr() as usize - parsed.as_str().as_ptr() as usize
                            });
                            let _ = write!(
                                out,
                                ",\"uri\":null,\"error\":{{\"kind\":\"{}\",\"offset\":{at},\"message\":",
                                e.kind().name()
                            );
                            json_str(out, &e.to_string());
                            out.push(b'}');
                        }
                    }
                    out.extend_from_slice(b"}\n");
                }
            }
        }
        match (found, unmapped) {
            (0, Some(kind)) => Err(kind),
            (0, None) => Err("no_iri"),
            _ => Ok(()),
        }
    }

    fn ok_when_any(&self) -> bool {
        true
    }
}

/// `s` and a newline.
fn writeln_bytes(out: &mut Vec<u8>, s: &str) {
    out.extend_from_slice(s.as_bytes());
    out.push(b'\n');
}

/// `--schemes`: each a scheme by RFC 3986 3.1, as the grammar reads one before ":".
fn scheme_name(name: &str) -> Result<String, String> {
    if iriscan::is_scheme_name(name) {
        Ok(name.to_string())
    } else {
        Err(
            "not a scheme (RFC 3986 3.1: a letter, then letters, digits, \"+\", \"-\" and \".\")"
                .into(),
        )
    }
}

pub fn run(args: &Args) -> u8 {
    let mut options = ExtractOptions::new().www(args.www).mode(args.mode);
    if let Some(schemes) = &args.schemes {
        options = options.schemes(schemes.iter().cloned());
    }
    let mut common = args.common.clone();
    common.valid |= args.only_matching;
    let cmd = Extract {
        args,
        valid: common.valid && !common.invalid,
        options,
        to_uri: ToUriOptions::default(),
    };
    engine::run(&common, &cmd)
}
