//! The grammars an input can be checked against (3987bis 2.2, RFC 3986 3 and 4).

/// A start rule of the grammar.
///
/// The IRI rules follow draft-ietf-iri-3987bis 2.2; the URI rules follow RFC 3986, which allows
/// no character outside ASCII and no "#" inside the fragment.
///
/// ```
/// use iriscan::Grammar;
/// assert!(Grammar::IriReference.validate(b"../a?b#c").is_ok());
/// assert!(Grammar::Iri.validate(b"../a").is_err());
/// assert!(Grammar::Uri.validate("http://example.com/\u{e9}".as_bytes()).is_err());
/// assert_eq!("absolute-iri".parse::<Grammar>(), Ok(Grammar::AbsoluteIri));
/// assert_eq!(Grammar::AbsoluteIri.to_string(), "absolute-iri");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Grammar {
    /// `IRI = scheme ":" ihier-part [ "?" iquery ] [ "#" ifragment ]`
    Iri,
    /// `IRI-reference = IRI / irelative-ref`
    #[default]
    IriReference,
    /// `absolute-IRI = scheme ":" ihier-part [ "?" iquery ]`
    AbsoluteIri,
    /// `irelative-ref = irelative-part [ "?" iquery ] [ "#" ifragment ]`
    IrelativeRef,
    /// RFC 3986 `URI`
    Uri,
    /// RFC 3986 `URI-reference`
    UriReference,
}

/// Whether a grammar has a scheme.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum SchemeRule {
    Required,
    Optional,
    Forbidden,
}

impl Grammar {
    /// All grammars, in the order of the command line's `--grammar` values.
    pub const ALL: [Grammar; 6] = [
        Grammar::Iri,
        Grammar::IriReference,
        Grammar::AbsoluteIri,
        Grammar::IrelativeRef,
        Grammar::Uri,
        Grammar::UriReference,
    ];

    /// The name used on the command line, by `Display` and by `FromStr`: `iri`, `iri-ref`,
    /// `absolute-iri`, `relative-ref`, `uri`, `uri-ref`.
    pub const fn name(self) -> &'static str {
        match self {
            Grammar::Iri => "iri",
            Grammar::IriReference => "iri-ref",
            Grammar::AbsoluteIri => "absolute-iri",
            Grammar::IrelativeRef => "relative-ref",
            Grammar::Uri => "uri",
            Grammar::UriReference => "uri-ref",
        }
    }

    /// Whether the grammar is RFC 3986's (ASCII only) rather than an IRI grammar.
    pub fn is_uri(self) -> bool {
        matches!(self, Grammar::Uri | Grammar::UriReference)
    }

    pub(crate) fn scheme_rule(self) -> SchemeRule {
        match self {
            Grammar::Iri | Grammar::AbsoluteIri | Grammar::Uri => SchemeRule::Required,
            Grammar::IriReference | Grammar::UriReference => SchemeRule::Optional,
            Grammar::IrelativeRef => SchemeRule::Forbidden,
        }
    }

    pub(crate) fn allows_fragment(self) -> bool {
        self != Grammar::AbsoluteIri
    }

    /// Checks `input` against the grammar, without building an [`IriRef`](crate::IriRef).
    #[inline]
    pub fn validate(self, input: &[u8]) -> Result<(), crate::Error> {
        crate::scan::scan(input, self).map(|_| ())
    }
}

crate::names::named!(Grammar, "grammar");
