//! `iriscan resolve --base IRI`: resolves each reference against the base (RFC 3986 5.2,
//! 3987bis 6.5); and the base's parsing, which `relativize` shares.

use crate::convert::{Mapping, OutputArgs};
use crate::engine;
use crate::mode::ReadArgs;
use iriscan::{Iri, IriRef};
use std::borrow::Cow;
use std::convert::Infallible;

/// Resolve each line, an IRI reference, against the base (RFC 3986 5.2, strict; 3987bis 6.5):
/// merge, dot segments removed, non-ASCII characters kept as they are.
///
/// Prints, per line, its number and the IRI it resolves to, or the error when the line is not
/// an IRI reference. A line with a scheme is absolute: only its dot segments go. The base must be
/// an absolute IRI (a scheme, RFC 3986 5.2.1); its fragment is ignored.
///
/// JSON: {"line", "input", "ok", "output"} or, when not ok, {"line", "input", "ok", "error":
/// {"kind", "offset", "message"}}. With --valid, the outputs alone, one a line.
///
/// Examples:
///   iriscan resolve --base 'http://a/b/c/d;p?q' links.txt
///   echo '../g?y#s' | iriscan resolve --base 'http://a/b/c/d;p?q' --valid
///   iriscan resolve --base https://例え.jp/パス/ --json hrefs.txt
///   iriscan resolve --base https://example.org/ --mode href < scraped.txt
#[derive(clap::Args)]
#[command(verbatim_doc_comment)]
pub struct Args {
    /// The base IRI: absolute (with a scheme), read by --mode like the lines.
    #[arg(long, value_name = "IRI")]
    base: String,
    #[command(flatten)]
    output: OutputArgs,
}

/// `--base`, read by `--mode` and parsed as an IRI; `None` (with the reason on standard error)
/// when it is not an absolute IRI.
pub fn base<'a>(base: &'a str, read: &ReadArgs) -> Option<Cow<'a, str>> {
    // A `str` is UTF-8: the mode maps it.
    let text = read.mode.apply(base);
    match Iri::parse(&text) {
        Ok(_) => Some(text),
        Err(e) => {
            let reason = match IriRef::parse(&text) {
                // RFC 3986 5.2.1: "the base URI ... must be an absolute URI"; a relative
                // reference cannot serve, and iriscan does not guess a scheme for it.
                Ok(_) => "the base must be an absolute IRI (RFC 3986 5.2.1); this is a relative \
                          reference (no scheme)"
                    .to_string(),
                Err(_) => format!("not an IRI: {e}"),
            };
            crate::engine::message(format_args!("iriscan: --base {base:?}: {reason}"));
            None
        }
    }
}

/// `--base` when given, as [`base`] reads it: `Err` (the reason on standard error) when it is
/// not an absolute IRI.
pub fn optional_base<'a>(
    base_arg: Option<&'a str>,
    read: &ReadArgs,
) -> Result<Option<Cow<'a, str>>, ()> {
    base_arg.map(|b| base(b, read).ok_or(())).transpose()
}

pub fn run(args: &Args) -> u8 {
    let Some(text) = base(&args.base, &args.output.read) else {
        return engine::EXIT_TROUBLE;
    };
    let base = Iri::parse(&text).expect("checked");
    crate::convert::run(&args.output, Resolve(base))
}

struct Resolve<'b>(Iri<'b>);

impl Mapping for Resolve<'_> {
    type Error = Infallible;
    fn map<'i>(&self, iri: &IriRef<'i>) -> Result<Cow<'i, str>, Infallible> {
        Ok(Cow::Owned(self.0.resolve(iri)))
    }
}
