//! `--mode strict|leiri|href`: how each line is read before it is parsed (3987bis 7).

use iriscan::preprocess::Mode;
use std::borrow::Cow;

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
pub fn apply(mode: Mode, bytes: &[u8]) -> Cow<'_, [u8]> {
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
