//! The scheme table (`data/schemes.csv`): default ports and host rules of well-known schemes.

mod key;

use crate::tables::scheme_by_key;
pub(crate) use key::{last_bytes, scheme_key};

/// What iriscan knows of a scheme, from `data/schemes.csv`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SchemeInfo {
    /// The scheme, lowercase.
    pub name: &'static str,
    /// The default port, if the scheme has one (scheme-based normalization, 3987bis 5.3.3).
    pub default_port: Option<u16>,
    /// Whether the `ireg-name` is a DNS name, to be mapped with IDNA rather than percent-encoded (3.4).
    pub dns_host: bool,
    /// Whether an empty path is equivalent to "/" (RFC 3986 6.2.3).
    pub empty_path_is_slash: bool,
    /// Whether the scheme's own syntax has "//" and an authority after its ":" (RFC 3986 3.2):
    /// `http:` does, `news:` and `sip:` do not. In running text, `HTTP:80` is no IRI.
    pub authority: bool,
    /// The document that defines the scheme.
    pub defined_by: &'static str,
}

/// Looks a scheme up, ignoring ASCII case (schemes are case-insensitive, RFC 3986 3.1).
///
/// ```
/// let http = iriscan::scheme_info("HTTP").unwrap();
/// assert_eq!(http.default_port, Some(80));
/// assert!(iriscan::scheme_info("x-unknown").is_none());
/// ```
pub fn scheme_info(scheme: &str) -> Option<&'static SchemeInfo> {
    scheme_info_of_bytes(scheme.as_bytes())
}

/// Whether `name` is a scheme by RFC 3986 3.1's syntax (a letter, then letters, digits, "+",
/// "-" and "."), as the grammar reads the scheme of an IRI.
///
/// ```
/// assert!(iriscan::is_scheme_name("z39.50r"));
/// assert!(!iriscan::is_scheme_name("https:"));
/// assert!(!iriscan::is_scheme_name("1http"));
/// ```
pub fn is_scheme_name(name: &str) -> bool {
    crate::IriRef::parse_as(&format!("{name}:"), crate::Grammar::Iri)
        .is_ok_and(|iri| iri.scheme() == Some(name))
}

/// [`scheme_info`] of a scheme's bytes: what finds IRIs in text has bytes, and a `str` of them
/// cost it a UTF-8 check a candidate.
#[inline]
pub(crate) fn scheme_info_of_bytes(scheme: &[u8]) -> Option<&'static SchemeInfo> {
    scheme_by_key(scheme_key(scheme)?)
}
