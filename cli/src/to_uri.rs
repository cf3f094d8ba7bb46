//! `iriscan to-uri`: maps each IRI to a URI (3987bis 3.6).

use crate::convert::{Mapping, OutputArgs};
use crate::engine;
use iriscan::map::{HostMapping, MapError, ToUriOptions};
use iriscan::IriRef;
use std::borrow::Cow;

/// Map each line, an IRI reference, to a URI (3987bis 3.6): non-ASCII characters as
/// percent-encoded UTF-8, DNS hosts with IDNA.
///
/// Prints, per line, its number and the URI or the error. A URI maps to itself.
///
/// JSON: {"line", "input", "ok", "output"} or, when not ok, {"line", "input", "ok", "error":
/// {"kind", "offset", "message"}}. With --valid, the outputs alone, one a line.
///
/// Examples:
///   iriscan to-uri data/sample.txt
///   iriscan to-uri --valid < iris.txt > uris.txt
///   iriscan to-uri --query-charset shift_jis --json pages.txt
#[derive(clap::Args)]
#[command(verbatim_doc_comment)]
pub struct Args {
    /// How a non-ASCII host is mapped: from the scheme table (auto), IDNA, or percent-encoding.
    #[arg(long, default_value = "auto", value_parser = crate::names::<HostMapping>(HostMapping::ALL.map(HostMapping::name)))]
    host: HostMapping,
    /// The charset of the document the IRIs come from, for the query of http and https IRIs
    /// (3.5): a WHATWG label such as shift_jis or windows-1252. Default: UTF-8.
    #[arg(long, value_name = "LABEL")]
    query_charset: Option<String>,
    #[command(flatten)]
    output: OutputArgs,
}

pub fn run(args: &Args) -> u8 {
    let mut options = ToUriOptions::default().host(args.host);
    if let Some(label) = &args.query_charset {
        options = match options.query_charset(label) {
            Ok(o) => o,
            Err(e) => {
                engine::message(format_args!("iriscan: --query-charset: {e}"));
                return engine::EXIT_TROUBLE;
            }
        };
    }
    crate::convert::run(&args.output, ToUri(options))
}

struct ToUri(ToUriOptions);

impl Mapping for ToUri {
    type Error = MapError;
    fn map<'i>(&self, iri: &IriRef<'i>) -> Result<Cow<'i, str>, MapError> {
        iri.to_uri_with(&self.0)
    }
}
