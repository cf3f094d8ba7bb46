//! `--mode strict|leiri|href`: how each line is read before it is parsed (3987bis 7).

use iriscan::preprocess::Mode;
use iriscan::Grammar;
use std::borrow::Cow;

/// `--grammar` and `--mode`: the rules every command reads its lines by.
#[derive(clap::Args)]
pub struct ReadArgs {
    /// The grammar each line must match.
    #[arg(long, default_value = "iri-ref", value_parser = crate::grammar_parser())]
    pub grammar: Grammar,
    /// How each line is read: as an IRI (strict), as a Legacy Extended IRI (leiri, 3987bis 7.1),
    /// or as a browser reads an href (href, 7.2); leiri and href map the line to an IRI first.
    #[arg(long, default_value = "strict", value_parser = parser())]
    pub mode: Mode,
}

impl ReadArgs {
    /// The line as `--mode` maps it ([`apply`]).
    pub fn apply<'a>(&self, bytes: &'a [u8]) -> Cow<'a, [u8]> {
        apply(self.mode, bytes)
    }
}

/// `--mode`: the names of [`Mode::name`].
pub fn parser() -> impl clap::builder::TypedValueParser<Value = Mode> {
    use clap::builder::TypedValueParser;
    clap::builder::PossibleValuesParser::new(["strict", "leiri", "href"]).map(|name| {
        match name.as_str() {
            "leiri" => Mode::Leiri,
            "href" => Mode::Href,
            _ => Mode::Strict,
        }
    })
}

/// The line as `mode` maps it to an IRI (LEIRI 7.1, Web Address 7.2). A line that is not UTF-8
/// is left as it is, for the parser to report where.
fn apply(mode: Mode, bytes: &[u8]) -> Cow<'_, [u8]> {
    if mode == Mode::Strict {
        // The hot path: no UTF-8 check here, the scanner does it.
        return Cow::Borrowed(bytes);
    }
    match std::str::from_utf8(bytes) {
        Ok(s) => match mode.apply(s) {
            Cow::Borrowed(b) => Cow::Borrowed(b.as_bytes()),
            Cow::Owned(o) => Cow::Owned(o.into_bytes()),
        },
        Err(_) => Cow::Borrowed(bytes),
    }
}

/// In JSON, `"preprocessed":"..."` when the mode changed the line: error offsets count its bytes.
pub fn write_json(out: &mut Vec<u8>, line: &[u8], text: &[u8]) {
    if text != line {
        out.extend_from_slice(b",\"preprocessed\":");
        crate::output::json_str(out, &String::from_utf8_lossy(text));
    }
}
