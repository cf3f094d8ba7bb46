//! `iriscan normalize`: each IRI reference at a rung of the comparison ladder (3987bis 5.3).

use crate::convert::{Mapping, OutputArgs};
use iriscan::normalize::{Level, NormalizeError, NormalizeOptions, UnicodeForm};
use iriscan::IriRef;
use std::borrow::Cow;

/// Normalize each line, an IRI reference, at a level of the comparison ladder (3987bis 5.3):
/// simple (as it is), syntax (case, percent-encoding, dot segments) or scheme (also default
/// port, empty path, IDNA host in its Unicode form).
///
/// Prints, per line, its number and the normal form or the error. Characters are normalized
/// (NFC, NFKC) only when asked: an IRI already in Unicode must not be (5.3.2.2).
///
/// JSON: {"line", "input", "ok", "output"} or, when not ok, {"line", "input", "ok", "error":
/// {"kind", "offset", "message"}}. With --valid, the outputs alone, one a line.
///
/// Examples:
///   iriscan normalize data/sample.txt
///   iriscan normalize --level scheme --valid < crawl.txt > normal.txt
///   iriscan normalize --nfc --json typed-in.txt
#[derive(clap::Args)]
#[command(verbatim_doc_comment)]
pub struct Args {
    /// The rung of the ladder.
    #[arg(long, default_value = "syntax", value_parser = level_parser())]
    pub level: Level,
    /// Character normalization to NFC first (for text from a legacy charset or typed in).
    #[arg(long, conflicts_with = "nfkc")]
    pub nfc: bool,
    /// Character normalization to NFKC first (also full-width Latin to half-width, ...).
    #[arg(long)]
    pub nfkc: bool,
    #[command(flatten)]
    output: OutputArgs,
}

/// `--level`: the names of [`Level::name`].
pub fn level_parser() -> impl clap::builder::TypedValueParser<Value = Level> {
    crate::names(Level::ALL.map(Level::name))
}

/// `--nfc` and `--nfkc` as a form.
pub fn unicode_form(nfc: bool, nfkc: bool) -> Option<UnicodeForm> {
    if nfkc {
        Some(UnicodeForm::Nfkc)
    } else if nfc {
        Some(UnicodeForm::Nfc)
    } else {
        None
    }
}

pub fn run(args: &Args) -> u8 {
    let mut options = NormalizeOptions::new(args.level);
    options.unicode = unicode_form(args.nfc, args.nfkc);
    crate::convert::run(&args.output, Normalize(options))
}

struct Normalize(NormalizeOptions);

impl Mapping for Normalize {
    type Error = NormalizeError;
    fn map<'i>(&self, iri: &IriRef<'i>) -> Result<Cow<'i, str>, NormalizeError> {
        iri.normalize_with(&self.0)
    }
}
