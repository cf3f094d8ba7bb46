//! `iriscan relativize --base IRI`: the shortest reference to each line from the base, the
//! inverse of `resolve`.

use crate::convert::{Mapping, MappingError, OutputArgs};
use crate::engine;
use iriscan::resolve::RelativizeError;
use iriscan::{Iri, IriRef};
use std::borrow::Cow;

/// Write each line as the shortest reference that resolves against the base back to it
/// (the inverse of resolve): "g", "../g?y", "#s", "/x", "//host/x", or the line itself when its
/// scheme differs from the base's.
///
/// A relative line is resolved against the base first. A line whose path has a "." or ".."
/// segment is an error (dot_segments): resolution removes them, so no reference gives it back
/// (unless it is the base's own path). The base must be an absolute IRI (RFC 3986 5.2.1).
///
/// JSON: {"line", "input", "ok", "output"} or, when not ok, {"line", "input", "ok", "error":
/// {"kind", "offset", "message"}}. With --valid, the outputs alone, one a line.
///
/// Examples:
///   iriscan relativize --base https://example.org/docs/guide/ links.txt
///   echo 'http://a/b/g?y' | iriscan relativize --base 'http://a/b/c/d;p?q' --valid
///   iriscan relativize --base https://例え.jp/パス/ --json iris.txt
#[derive(clap::Args)]
#[command(verbatim_doc_comment)]
pub struct Args {
    /// The base IRI: absolute (with a scheme), read by --mode like the lines.
    #[arg(long, value_name = "IRI")]
    base: String,
    #[command(flatten)]
    output: OutputArgs,
}

pub fn run(args: &Args) -> u8 {
    let Some(text) = crate::resolve::base(&args.base, &args.output.read) else {
        return engine::EXIT_TROUBLE;
    };
    let base = Iri::parse(&text).expect("checked");
    crate::convert::run(&args.output, Relativize(base))
}

struct Relativize<'b>(Iri<'b>);

impl MappingError for RelativizeError {
    fn kind_name(&self) -> &'static str {
        self.kind().name()
    }

    /// The error is about the path.
    fn at<'i>(&self, iri: &IriRef<'i>) -> Option<&'i str> {
        Some(iri.path())
    }
}

impl Mapping for Relativize<'_> {
    type Error = RelativizeError;
    fn map<'i>(&self, iri: &IriRef<'i>) -> Result<Cow<'i, str>, RelativizeError> {
        let relative = match Iri::try_from(*iri) {
            Ok(target) => self.0.relativize(&target)?,
            Err(reference) => {
                let resolved = self.0.resolve(&reference);
                let target = Iri::parse(&resolved).expect("resolution gives an IRI");
                self.0.relativize(&target)?
            }
        };
        Ok(Cow::Owned(relative))
    }
}
