//! `iriscan display`: the form of each IRI to show a person (3987bis 4.1, 8.6).

use crate::convert::{Mapping, OutputArgs};
use iriscan::display::{DisplayOptions, Embedding};
use iriscan::IriRef;
use std::borrow::Cow;
use std::convert::Infallible;

/// Show each line, an IRI reference, as a person should see it (3987bis 4.1, 8.6, 3.7):
/// percent-encoded UTF-8 and ACE labels decoded where that is safe, a host label that can
/// spoof (confusable, mixed scripts) kept in ACE form, a component that breaks the bidi rules of
/// 4.2 in URI notation, invisible characters percent-encoded, and right-to-left text wrapped in
/// LRE ... PDF. For people only: not an IRI to process further.
///
/// Prints, per line, its number and the display form, or the error when the line is not an IRI.
/// JSON: {"line", "input", "ok", "output"} or, when not ok, {"line", "input", "ok", "error"}.
/// With --valid, the display forms alone, one a line.
///
/// Examples:
///   iriscan display links.txt
///   iriscan display --visual --valid < access.log
///   iriscan display --ascii --embedding none urls.txt
///   iriscan display --visual --as-written links.txt
#[derive(clap::Args)]
#[command(verbatim_doc_comment)]
pub struct Args {
    /// What wraps a form with right-to-left characters: LRE ... PDF (4.1), the isolates
    /// LRI ... PDI, or nothing.
    #[arg(long, default_value = "lre", value_parser = embedding_parser())]
    embedding: Embedding,
    /// Every non-ASCII character percent-encoded, hosts in ACE form (8.6): the URI.
    #[arg(long)]
    ascii: bool,
    /// The characters in the order the Unicode Bidirectional Algorithm shows them in a
    /// left-to-right embedding, for terminals and logs that do not apply it.
    #[arg(long)]
    visual: bool,
    /// The IRI (after --mode's mapping) as written but for what spoofs: nothing decoded, no
    /// component in URI notation; spoofing labels still in ACE form, invisible characters and
    /// look-alikes still percent-encoded. With --visual, the order a bidi renderer gives the
    /// IRI (3987bis 4.4).
    #[arg(long, conflicts_with = "ascii")]
    as_written: bool,
    #[command(flatten)]
    output: OutputArgs,
}

/// `--embedding`: the names of [`Embedding::name`].
fn embedding_parser() -> impl clap::builder::TypedValueParser<Value = Embedding> {
    crate::names(Embedding::ALL.map(Embedding::name))
}

pub fn run(args: &Args) -> u8 {
    let options = DisplayOptions {
        embedding: args.embedding,
        ascii: args.ascii,
        visual: args.visual,
        as_written: args.as_written,
    };
    crate::convert::run(&args.output, Display(options))
}

struct Display(DisplayOptions);

impl Mapping for Display {
    type Error = Infallible;
    fn map<'i>(&self, iri: &IriRef<'i>) -> Result<Cow<'i, str>, Infallible> {
        Ok(Cow::Owned(iri.to_display(&self.0)))
    }
}
