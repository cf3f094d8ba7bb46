//! `iriscan to-iri`: converts each URI to an IRI (3987bis 3.7).

use crate::convert::{Mapping, OutputArgs};
use iriscan::map::{MapError, ToIriOptions};
use iriscan::IriRef;
use std::borrow::Cow;

/// Convert each line, a URI reference, to an IRI (3987bis 3.7): percent-encoded UTF-8 decoded
/// where it gives characters an IRI may hold, ACE labels ("xn--") of DNS hosts with ToUnicode.
///
/// Prints, per line, its number and the IRI or the error. What cannot be decoded stays encoded.
///
/// JSON: {"line", "input", "ok", "output"} or, when not ok, {"line", "input", "ok", "error":
/// {"kind", "offset", "message"}}. With --valid, the outputs alone, one a line.
///
/// Examples:
///   iriscan to-iri access.log
///   iriscan to-iri --no-to-unicode --valid < uris.txt > iris.txt
#[derive(clap::Args)]
#[command(verbatim_doc_comment)]
pub struct Args {
    /// Leave ACE labels ("xn--") of hosts as they are (3.7 step 6 off).
    #[arg(long)]
    no_to_unicode: bool,
    #[command(flatten)]
    output: OutputArgs,
}

pub fn run(args: &Args) -> u8 {
    let options = ToIriOptions::default().to_unicode(!args.no_to_unicode);
    crate::convert::run(&args.output, ToIri(options))
}

struct ToIri(ToIriOptions);

impl Mapping for ToIri {
    type Error = MapError;
    fn map<'i>(&self, iri: &IriRef<'i>) -> Result<Cow<'i, str>, MapError> {
        Ok(iri.to_iri_with(&self.0))
    }
}
