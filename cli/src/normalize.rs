//! `iriscan normalize`: each IRI reference at a rung of the comparison ladder (3987bis 5.3).

use crate::convert::{Mapping, MappingError, OutputArgs};
use iriscan::compare::{canonical, key, CompareError, CompareOptions};
use iriscan::normalize::{Level, NormalizeError, NormalizeOptions, UnicodeForm};
use iriscan::protocol::ProtocolOptions;
use iriscan::{Iri, IriRef};
use std::borrow::Cow;
use std::fmt;

/// Normalize each line, an IRI reference, at a level of the comparison ladder (3987bis 5.3):
/// simple (as it is), syntax (case, percent-encoding, dot segments), scheme (also default
/// port, empty path, IDNA host in its Unicode form, IPv6 in RFC 5952 form) or protocol (also
/// the fragment and an empty query left out, with the rules asked for: --sort-query ...).
///
/// Prints, per line, its number and the normal form or the error. Characters are normalized
/// (NFC, NFKC) only when asked: an IRI already in Unicode must not be (5.3.2.2).
///
/// --key writes the comparison key instead, the URI that `compare` and `dedupe` decide by: two
/// lines get the same key exactly when `compare` at the level says equivalent. --canonical
/// writes that key as an IRI: decoded where 3.7 allows and safe to show, hosts in Unicode at
/// the scheme level. The default keeps the characters as written (5.3.2.3). A relative
/// reference has a key only with --base, which it is resolved against first.
///
/// JSON: {"line", "input", "ok", "output"} or, when not ok, {"line", "input", "ok", "error":
/// {"kind", "offset", "message"}}. With --valid, the outputs alone, one a line.
///
/// Examples:
///   iriscan normalize data/sample.txt
///   iriscan normalize --level scheme --key --valid crawl.txt | sort -u
///   iriscan normalize --level scheme --valid < crawl.txt > normal.txt
///   iriscan normalize --nfc --json typed-in.txt
#[derive(clap::Args)]
#[command(verbatim_doc_comment)]
#[command(group = clap::ArgGroup::new("key_or_canonical").args(["key", "canonical"]))]
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
    /// The comparison key (a URI) that compare and dedupe use, instead of the normal form.
    #[arg(long, conflicts_with_all = ["nfc", "nfkc", "canonical"])]
    pub key: bool,
    /// The comparison key written as an IRI, instead of the normal form.
    #[arg(long, conflicts_with_all = ["nfc", "nfkc"])]
    pub canonical: bool,
    /// Leave fragments out of --key and --canonical (5.1, as compare and dedupe do).
    #[arg(long, requires = "key_or_canonical")]
    pub exclude_fragment: bool,
    /// The absolute IRI that relative references are resolved against for --key and
    /// --canonical (RFC 3986 5.2), as compare and dedupe take it.
    #[arg(long, value_name = "IRI", requires = "key_or_canonical")]
    pub base: Option<String>,
    #[command(flatten)]
    pub protocol: ProtocolArgs,
    #[command(flatten)]
    output: OutputArgs,
}

/// The rules of protocol-based normalization (3987bis 5.3.4), which `--level protocol` adds to
/// the scheme level with the fragment and an empty query left out, and which also apply alone
/// at the levels below: the same on normalize, compare and dedupe.
#[derive(clap::Args)]
pub struct ProtocolArgs {
    /// Sort the query's "&"-separated arguments by name, then by value.
    #[arg(long)]
    pub sort_query: bool,
    /// Read the query as application/x-www-form-urlencoded: "+" and "%20" are one space, and
    /// each argument is encoded one way.
    #[arg(long)]
    pub form_query: bool,
    /// Leave out the query arguments whose name matches a glob ("*" any characters, "?" one).
    #[arg(long, value_delimiter = ',', value_name = "GLOB,...")]
    pub drop_params: Vec<String>,
    /// Leave out the tracking arguments of the built-in list (utm_*, fbclid, gclid, msclkid and
    /// others: docs/spec-choices.md N9).
    #[arg(long)]
    pub drop_tracking: bool,
    /// Leave out "www." from a registered name with two labels or more after it.
    #[arg(long)]
    pub strip_www: bool,
}

impl ProtocolArgs {
    /// The library's options.
    pub fn options(&self) -> ProtocolOptions {
        ProtocolOptions::new()
            .sort_query(self.sort_query)
            .form_query(self.form_query)
            .drop_params(self.drop_params.iter().cloned())
            .drop_tracking(self.drop_tracking)
            .strip_www(self.strip_www)
    }
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
    if args.key || args.canonical {
        // --base as resolve and dedupe read it: by --mode, and absolute (RFC 3986 5.2.1).
        let Ok(base) = crate::resolve::optional_base(args.base.as_deref(), &args.output.read)
        else {
            return crate::engine::EXIT_TROUBLE;
        };
        let mut options = CompareOptions::new(args.level)
            .exclude_fragment(args.exclude_fragment)
            .protocol(args.protocol.options());
        options.base = base.as_deref().map(|t| Iri::parse(t).expect("checked"));
        return crate::convert::run(
            &args.output,
            Key {
                options,
                canonical: args.canonical,
            },
        );
    }
    let mut options = NormalizeOptions::new(args.level).protocol(args.protocol.options());
    options.unicode = unicode_form(args.nfc, args.nfkc);
    crate::convert::run(&args.output, Normalize(options))
}

/// `--key` and `--canonical`.
struct Key<'a> {
    options: CompareOptions<'a>,
    canonical: bool,
}

impl Mapping for Key<'_> {
    type Error = KeyError;
    fn map<'i>(&self, iri: &IriRef<'i>) -> Result<Cow<'i, str>, KeyError> {
        let made = if self.canonical {
            canonical(iri, &self.options)
        } else {
            key(iri, &self.options)
        };
        match made {
            Ok(Some(k)) => Ok(Cow::Owned(k)),
            Ok(None) => Err(iri
                .normalize(self.options.level)
                .err()
                .map_or(KeyError::NoKey, KeyError::Normalize)),
            Err(e) => Err(KeyError::Relative(e)),
        }
    }
}

/// Why a line has no key: its normal form cannot be made (IDNA), it is a relative reference,
/// or its normal form does not map to a URI.
enum KeyError {
    Normalize(NormalizeError),
    Relative(CompareError),
    NoKey,
}

impl fmt::Display for KeyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            KeyError::Normalize(e) => e.fmt(f),
            KeyError::Relative(e) => e.fmt(f),
            KeyError::NoKey => f.write_str("the normal form does not map to a URI (3987bis 3.6)"),
        }
    }
}

impl MappingError for KeyError {
    fn kind_name(&self) -> &'static str {
        match self {
            KeyError::Normalize(e) => e.kind_name(),
            KeyError::Relative(_) => "relative_reference",
            KeyError::NoKey => "no_key",
        }
    }

    fn at<'i>(&self, iri: &IriRef<'i>) -> Option<&'i str> {
        match self {
            KeyError::Normalize(e) => e.at(iri),
            _ => Some(iri.as_str()),
        }
    }
}

struct Normalize(NormalizeOptions);

impl Mapping for Normalize {
    type Error = NormalizeError;
    fn map<'i>(&self, iri: &IriRef<'i>) -> Result<Cow<'i, str>, NormalizeError> {
        iri.normalize_with(&self.0)
    }
}
