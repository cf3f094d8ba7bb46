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
    /// The line as `--mode` maps it ([`Mode::apply_bytes`]), and whether the mode could read
    /// it: a mode that reads characters cannot read bytes that are not UTF-8, and the line is
    /// then the text, unmapped, with that error.
    pub fn read<'a>(&self, bytes: &'a [u8]) -> (Cow<'a, [u8]>, Result<(), iriscan::Error>) {
        match self.mode.apply_bytes(bytes) {
            Ok(text) => (text, Ok(())),
            Err(e) => (Cow::Borrowed(bytes), Err(e)),
        }
    }
}

/// `--mode`: the names of [`Mode::name`].
pub fn parser() -> impl clap::builder::TypedValueParser<Value = Mode> {
    crate::names(Mode::ALL.map(Mode::name))
}
