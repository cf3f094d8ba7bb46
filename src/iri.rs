//! The parsed types: the input and the offsets of its components.

use crate::error::Error;
use crate::grammar::Grammar;
use crate::scan::{
    self, HostKind, Positions, HAS_AUTHORITY, HAS_FRAGMENT, HAS_PERCENT, HAS_PORT, HAS_QUERY,
    HAS_USERINFO,
};
use std::fmt;

/// An IRI reference (3987bis 2.2 `IRI-reference`), or an input of another [`Grammar`], borrowed:
/// the input and the positions of its components. Parsing allocates nothing.
///
/// An absent component is `None` and an empty one `Some("")`: they differ (3987bis 5.3.3).
///
/// ```
/// use iriscan::{HostKind, IriRef};
/// let iri = IriRef::parse("https://user@例え.jp:8080/パス?q=Dürst#frag").unwrap();
/// assert_eq!(iri.scheme(), Some("https"));
/// assert_eq!(iri.authority(), Some("user@例え.jp:8080"));
/// assert_eq!(iri.userinfo(), Some("user"));
/// assert_eq!(iri.host(), Some("例え.jp"));
/// assert_eq!(iri.host_kind(), Some(HostKind::RegName));
/// assert_eq!(iri.port(), Some("8080"));
/// assert_eq!(iri.path(), "/パス");
/// assert_eq!(iri.query(), Some("q=Dürst"));
/// assert_eq!(iri.fragment(), Some("frag"));
///
/// let empty = IriRef::parse("http://example.com/?#").unwrap();
/// assert_eq!((empty.query(), empty.fragment()), (Some(""), Some("")));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct IriRef<'a> {
    input: &'a str,
    pos: Positions,
}

impl<'a> IriRef<'a> {
    /// Parses an IRI reference (3987bis 2.2 `IRI-reference`).
    #[inline]
    pub fn parse(input: &'a str) -> Result<IriRef<'a>, Error> {
        IriRef::parse_as(input, Grammar::IriReference)
    }

    /// Parses `input` as `grammar` says.
    ///
    /// ```
    /// use iriscan::{Grammar, IriRef};
    /// assert!(IriRef::parse_as("//example.com/a", Grammar::IrelativeRef).is_ok());
    /// assert!(IriRef::parse_as("http://example.com/a", Grammar::IrelativeRef).is_err());
    /// ```
    #[inline]
    pub fn parse_as(input: &'a str, grammar: Grammar) -> Result<IriRef<'a>, Error> {
        let pos = scan::scan(input.as_bytes(), grammar)?;
        Ok(IriRef { input, pos })
    }

    /// Parses bytes, which need not be UTF-8: invalid UTF-8 is an error at its first byte.
    ///
    /// ```
    /// use iriscan::{ErrorKind, Grammar, IriRef};
    /// let err = IriRef::parse_bytes(b"http://example.com/caf\xe9", Grammar::IriReference).unwrap_err();
    /// assert_eq!((err.kind(), err.offset()), (ErrorKind::InvalidUtf8, 22));
    /// ```
    pub fn parse_bytes(input: &'a [u8], grammar: Grammar) -> Result<IriRef<'a>, Error> {
        let pos = scan::scan(input, grammar)?;
        Ok(IriRef {
            input: crate::simd::scanned_str(input),
            pos,
        })
    }

    /// The IRI reference of `input`, whose positions the scanner found.
    pub(crate) fn from_scan(input: &'a str, pos: crate::scan::Positions) -> IriRef<'a> {
        IriRef { input, pos }
    }

    /// The whole input.
    #[inline]
    pub fn as_str(&self) -> &'a str {
        self.input
    }

    /// The scheme, without its ":".
    #[inline]
    pub fn scheme(&self) -> Option<&'a str> {
        (self.pos.scheme_end > 0).then(|| &self.input[..self.pos.scheme_end])
    }

    /// Whether the reference has a scheme (it is then an IRI, not a relative reference).
    #[inline]
    pub fn is_absolute(&self) -> bool {
        self.pos.scheme_end > 0
    }

    /// The authority, without the "//".
    #[inline]
    pub fn authority(&self) -> Option<&'a str> {
        self.has(HAS_AUTHORITY)
            .then(|| &self.input[self.pos.authority_start()..self.pos.path_start])
    }

    /// The userinfo, without its "@".
    #[inline]
    pub fn userinfo(&self) -> Option<&'a str> {
        self.has(HAS_USERINFO)
            .then(|| &self.input[self.pos.authority_start()..self.pos.host_start - 1])
    }

    /// The host; an IP literal keeps its brackets, as in RFC 3986 3.2.2 `host`.
    #[inline]
    pub fn host(&self) -> Option<&'a str> {
        self.has(HAS_AUTHORITY)
            .then(|| &self.input[self.pos.host_start..self.pos.host_end])
    }

    /// The kind of host.
    #[inline]
    pub fn host_kind(&self) -> Option<HostKind> {
        self.has(HAS_AUTHORITY).then_some(self.pos.host_kind)
    }

    /// The port, without its ":"; `Some("")` for an empty port (`http://example.com:/`).
    #[inline]
    pub fn port(&self) -> Option<&'a str> {
        self.has(HAS_PORT)
            .then(|| &self.input[self.pos.host_end + 1..self.pos.path_start])
    }

    /// The port as a number: `None` when there is no port, when it is empty, or when it is
    /// above 65535 (RFC 3986 3.2.3 bounds neither its length nor its value). Leading zeros
    /// are allowed: the port is a decimal number.
    ///
    /// ```
    /// use iriscan::IriRef;
    /// assert_eq!(IriRef::parse("http://example.com:8080/")?.port_u16(), Some(8080));
    /// assert_eq!(IriRef::parse("http://example.com:/")?.port_u16(), None);
    /// assert_eq!(IriRef::parse("http://example.com:65536/")?.port_u16(), None);
    /// assert_eq!(IriRef::parse("http://example.com/")?.port_u16(), None);
    /// # Ok::<(), iriscan::Error>(())
    /// ```
    #[inline]
    pub fn port_u16(&self) -> Option<u16> {
        // Only digits: `u16::from_str` would also take a leading "+", which a port cannot hold.
        self.port()
            .filter(|p| !p.is_empty())
            .and_then(|p| p.parse().ok())
    }

    /// The path, possibly empty.
    #[inline]
    pub fn path(&self) -> &'a str {
        &self.input[self.pos.path_start..self.pos.path_end]
    }

    /// The query, without its "?".
    #[inline]
    pub fn query(&self) -> Option<&'a str> {
        self.has(HAS_QUERY)
            .then(|| &self.input[self.pos.path_end + 1..self.pos.query_end])
    }

    /// The fragment, without its "#".
    #[inline]
    pub fn fragment(&self) -> Option<&'a str> {
        self.has(HAS_FRAGMENT)
            .then(|| &self.input[self.pos.query_end + 1..])
    }

    /// An owned copy.
    pub fn to_owned_buf(&self) -> IriRefBuf {
        IriRefBuf {
            input: self.input.to_string(),
            pos: self.pos,
        }
    }

    /// Whether the input has a percent-encoded octet anywhere (the scanner saw one).
    #[inline]
    pub(crate) fn has_percent(&self) -> bool {
        self.has(HAS_PERCENT)
    }

    /// The byte offset where the host starts (meaningful when there is an authority).
    #[inline]
    pub(crate) fn host_start(&self) -> usize {
        self.pos.host_start
    }

    /// The byte offset where the path starts (after the authority, or the scheme's ":").
    #[inline]
    pub(crate) fn path_start(&self) -> usize {
        self.pos.path_start
    }

    /// The byte offset where the path ends (at the "?" or "#", or the end).
    #[inline]
    pub(crate) fn path_end(&self) -> usize {
        self.pos.path_end
    }

    /// The byte offset where the query ends (at the "#", or the end).
    #[inline]
    pub(crate) fn query_end(&self) -> usize {
        self.pos.query_end
    }

    /// Where the components that 3987bis 4.2 divides start and end, as byte offsets: the
    /// userinfo, the host if a registered name or an IPv4 address, the port, the path, the
    /// query and the fragment, in this order; those that are absent as empty ranges. (An IPv4
    /// address and a port are no components of 4.2, but their digits are reordered beside a
    /// right-to-left one as a component's are: docs/spec-choices.md L3.)
    #[inline]
    pub(crate) fn divided_ranges(&self) -> [(usize, usize); 6] {
        let p = &self.pos;
        let or_empty = |flag: u8, from: usize, end: usize| {
            if self.has(flag) {
                (from, end)
            } else {
                (0, 0)
            }
        };
        let divided_host =
            self.has(HAS_AUTHORITY) && matches!(p.host_kind, HostKind::RegName | HostKind::Ipv4);
        [
            or_empty(
                HAS_USERINFO,
                p.authority_start(),
                p.host_start.wrapping_sub(1),
            ),
            if divided_host {
                (p.host_start, p.host_end)
            } else {
                (0, 0)
            },
            or_empty(HAS_PORT, p.host_end + 1, p.path_start),
            (p.path_start, p.path_end),
            or_empty(HAS_QUERY, p.path_end + 1, p.query_end),
            or_empty(HAS_FRAGMENT, p.query_end + 1, self.input.len()),
        ]
    }

    #[inline]
    fn has(&self, flag: u8) -> bool {
        self.pos.flags & flag != 0
    }

    /// The number of octets >= 0x80, whether the host holds one and whether the fragment holds
    /// a "#", if the scanner learned them (`scan::Hint`).
    #[inline]
    pub(crate) fn scan_hint(&self) -> Option<crate::scan::Learned> {
        self.pos.hint.get()
    }
}

impl fmt::Debug for IriRef<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("IriRef")
            .field("input", &self.input)
            .field("scheme", &self.scheme())
            .field("authority", &self.authority())
            .field("path", &self.path())
            .field("query", &self.query())
            .field("fragment", &self.fragment())
            .finish()
    }
}

impl fmt::Display for IriRef<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.input)
    }
}

impl AsRef<str> for IriRef<'_> {
    fn as_ref(&self) -> &str {
        self.input
    }
}

impl<'a> TryFrom<&'a str> for IriRef<'a> {
    type Error = Error;
    /// [`IriRef::parse`].
    fn try_from(input: &'a str) -> Result<IriRef<'a>, Error> {
        IriRef::parse(input)
    }
}

/// An IRI (3987bis 2.2 `IRI`): an [`IriRef`] that has a scheme.
///
/// ```
/// let iri = iriscan::Iri::parse("urn:isbn:978-3-16").unwrap();
/// assert_eq!(iri.scheme(), "urn");
/// assert_eq!(iri.path(), "isbn:978-3-16");
/// assert!(iriscan::Iri::parse("/relative").is_err());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Iri<'a>(IriRef<'a>);

impl<'a> Iri<'a> {
    /// Parses an IRI (3987bis 2.2 `IRI`).
    #[inline]
    pub fn parse(input: &'a str) -> Result<Iri<'a>, Error> {
        IriRef::parse_as(input, Grammar::Iri).map(Iri)
    }

    /// The scheme, which an IRI always has.
    #[inline]
    pub fn scheme(&self) -> &'a str {
        &self.0.input[..self.0.pos.scheme_end]
    }

    /// The IRI as a reference, with all the accessors of [`IriRef`].
    #[inline]
    pub fn as_iri_ref(&self) -> IriRef<'a> {
        self.0
    }
}

impl<'a> std::ops::Deref for Iri<'a> {
    type Target = IriRef<'a>;
    fn deref(&self) -> &IriRef<'a> {
        &self.0
    }
}

impl fmt::Debug for Iri<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.0, f)
    }
}

impl fmt::Display for Iri<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0.input)
    }
}

impl AsRef<str> for Iri<'_> {
    fn as_ref(&self) -> &str {
        self.0.input
    }
}

impl<'a> TryFrom<&'a str> for Iri<'a> {
    type Error = Error;
    /// [`Iri::parse`].
    fn try_from(input: &'a str) -> Result<Iri<'a>, Error> {
        Iri::parse(input)
    }
}

impl<'a> From<Iri<'a>> for IriRef<'a> {
    fn from(iri: Iri<'a>) -> IriRef<'a> {
        iri.0
    }
}

impl<'a> TryFrom<IriRef<'a>> for Iri<'a> {
    type Error = IriRef<'a>;
    /// An IRI reference with a scheme is an IRI; a relative one is given back.
    fn try_from(r: IriRef<'a>) -> Result<Iri<'a>, IriRef<'a>> {
        if r.is_absolute() {
            Ok(Iri(r))
        } else {
            Err(r)
        }
    }
}

/// An owned IRI reference. Equality, order and hash are those of the string: simple string
/// comparison (3987bis 5.3.1).
///
/// ```
/// use iriscan::IriRefBuf;
/// let a: IriRefBuf = "http://example.com/ros\u{e9}".parse().unwrap();
/// assert_eq!(a.as_iri_ref().path(), "/ros\u{e9}");
/// // 5.3.1: no case folding.
/// assert_ne!(a, "HTTP://example.com/ros\u{e9}".parse::<IriRefBuf>().unwrap());
/// assert_eq!(a, "http://example.com/ros\u{e9}"); // against a string
/// assert_eq!(a.to_string(), "http://example.com/ros\u{e9}");
/// ```
#[derive(Clone)]
pub struct IriRefBuf {
    input: String,
    pos: Positions,
}

impl IriRefBuf {
    /// Parses an owned string as an IRI reference, without copying it; on failure the
    /// [`ParseError`] gives the string back.
    ///
    /// ```
    /// use iriscan::IriRefBuf;
    /// let iri = IriRefBuf::parse("../a?b".to_string())?;
    /// assert_eq!(iri.as_iri_ref().path(), "../a");
    /// let err = IriRefBuf::parse("a b".to_string()).unwrap_err();
    /// assert_eq!(err.error().offset(), 1);
    /// assert_eq!(err.into_string(), "a b");
    /// # Ok::<(), iriscan::ParseError>(())
    /// ```
    pub fn parse(input: String) -> Result<IriRefBuf, ParseError> {
        Self::parse_as(input, Grammar::IriReference)
    }

    /// Parses `input` as `grammar` says, without copying it.
    fn parse_as(input: String, grammar: Grammar) -> Result<IriRefBuf, ParseError> {
        match scan::scan(input.as_bytes(), grammar) {
            Ok(pos) => Ok(IriRefBuf { input, pos }),
            Err(error) => Err(ParseError {
                error,
                input,
                grammar,
            }),
        }
    }

    /// The borrowed form, with the component accessors.
    #[inline]
    pub fn as_iri_ref(&self) -> IriRef<'_> {
        IriRef {
            input: &self.input,
            pos: self.pos,
        }
    }

    /// The string.
    #[inline]
    pub fn as_str(&self) -> &str {
        &self.input
    }

    /// The string, given back.
    pub fn into_string(self) -> String {
        self.input
    }
}

impl std::str::FromStr for IriRefBuf {
    type Err = Error;
    fn from_str(s: &str) -> Result<IriRefBuf, Error> {
        IriRef::parse(s).map(|r| r.to_owned_buf())
    }
}

impl fmt::Display for IriRefBuf {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.input)
    }
}

impl fmt::Debug for IriRefBuf {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.as_iri_ref(), f)
    }
}

impl AsRef<str> for IriRefBuf {
    fn as_ref(&self) -> &str {
        &self.input
    }
}

impl PartialEq for IriRefBuf {
    fn eq(&self, other: &IriRefBuf) -> bool {
        self.input == other.input
    }
}

impl Eq for IriRefBuf {}

impl PartialOrd for IriRefBuf {
    fn partial_cmp(&self, other: &IriRefBuf) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for IriRefBuf {
    fn cmp(&self, other: &IriRefBuf) -> std::cmp::Ordering {
        self.input.cmp(&other.input)
    }
}

impl std::hash::Hash for IriRefBuf {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.input.hash(state)
    }
}

impl<'a> From<IriRef<'a>> for IriRefBuf {
    fn from(r: IriRef<'a>) -> IriRefBuf {
        r.to_owned_buf()
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for IriRefBuf {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.input)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for IriRefBuf {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<IriRefBuf, D::Error> {
        let s = String::deserialize(d)?;
        IriRefBuf::parse(s).map_err(|e| serde::de::Error::custom(e.error))
    }
}

impl TryFrom<String> for IriRefBuf {
    type Error = ParseError;
    /// [`IriRefBuf::parse`].
    fn try_from(input: String) -> Result<IriRefBuf, ParseError> {
        IriRefBuf::parse(input)
    }
}

impl TryFrom<&str> for IriRefBuf {
    type Error = Error;
    /// [`IriRef::parse`], copied.
    fn try_from(input: &str) -> Result<IriRefBuf, Error> {
        input.parse()
    }
}

impl From<IriRefBuf> for String {
    fn from(iri: IriRefBuf) -> String {
        iri.input
    }
}

/// An owned IRI (3987bis 2.2 `IRI`): an [`IriRefBuf`] that has a scheme, as [`Iri`] is an
/// [`IriRef`] that has one. Equality, order and hash are those of the string (3987bis 5.3.1).
///
/// ```
/// use iriscan::{IriBuf, IriRefBuf};
/// let iri = IriBuf::parse("http://example.com/ros\u{e9}".to_string())?;
/// assert_eq!(iri.as_iri().scheme(), "http");
/// assert_eq!(iri, "http://example.com/ros\u{e9}");
///
/// // A relative reference is not an IRI, and the string is given back.
/// let err = IriBuf::parse("/ros\u{e9}".to_string()).unwrap_err();
/// assert_eq!(err.error().kind(), iriscan::ErrorKind::MissingScheme);
/// assert_eq!(err.into_string(), "/ros\u{e9}");
///
/// // From an owned reference: taken as it is when it has a scheme, given back when not.
/// let reference: IriRefBuf = "urn:isbn:978-3-16".parse()?;
/// assert!(IriBuf::try_from(reference).is_ok());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct IriBuf(IriRefBuf);

impl IriBuf {
    /// Parses an owned string as an IRI, without copying it; on failure the [`ParseError`]
    /// gives the string back.
    pub fn parse(input: String) -> Result<IriBuf, ParseError> {
        IriRefBuf::parse_as(input, Grammar::Iri).map(IriBuf)
    }

    /// The borrowed form, with the component accessors.
    #[inline]
    pub fn as_iri(&self) -> Iri<'_> {
        Iri(self.0.as_iri_ref())
    }

    /// The string.
    #[inline]
    pub fn as_str(&self) -> &str {
        &self.0.input
    }

    /// The string, given back.
    pub fn into_string(self) -> String {
        self.0.input
    }
}

impl std::str::FromStr for IriBuf {
    type Err = Error;
    fn from_str(s: &str) -> Result<IriBuf, Error> {
        Iri::parse(s).map(IriBuf::from)
    }
}

impl fmt::Display for IriBuf {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0.input)
    }
}

impl fmt::Debug for IriBuf {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.as_iri(), f)
    }
}

impl AsRef<str> for IriBuf {
    fn as_ref(&self) -> &str {
        &self.0.input
    }
}

impl<'a> From<Iri<'a>> for IriBuf {
    fn from(iri: Iri<'a>) -> IriBuf {
        IriBuf(iri.0.to_owned_buf())
    }
}

impl From<IriBuf> for IriRefBuf {
    fn from(iri: IriBuf) -> IriRefBuf {
        iri.0
    }
}

impl From<IriBuf> for String {
    fn from(iri: IriBuf) -> String {
        iri.0.input
    }
}

impl TryFrom<IriRefBuf> for IriBuf {
    type Error = IriRefBuf;
    /// An IRI reference with a scheme is an IRI; a relative one is given back.
    fn try_from(r: IriRefBuf) -> Result<IriBuf, IriRefBuf> {
        if r.as_iri_ref().is_absolute() {
            Ok(IriBuf(r))
        } else {
            Err(r)
        }
    }
}

impl TryFrom<String> for IriBuf {
    type Error = ParseError;
    /// [`IriBuf::parse`].
    fn try_from(input: String) -> Result<IriBuf, ParseError> {
        IriBuf::parse(input)
    }
}

impl TryFrom<&str> for IriBuf {
    type Error = Error;
    /// [`Iri::parse`], copied.
    fn try_from(input: &str) -> Result<IriBuf, Error> {
        input.parse()
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for IriBuf {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for IriBuf {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<IriBuf, D::Error> {
        let s = String::deserialize(d)?;
        IriBuf::parse(s).map_err(|e| serde::de::Error::custom(e.error))
    }
}

/// Equality with a string: the simple string comparison of 3987bis 5.3.1, both ways round.
macro_rules! eq_str {
    ($($t:ty),*) => {$(
        impl PartialEq<str> for $t {
            fn eq(&self, other: &str) -> bool {
                self.as_str() == other
            }
        }

        impl PartialEq<&str> for $t {
            fn eq(&self, other: &&str) -> bool {
                self.as_str() == *other
            }
        }

        impl PartialEq<$t> for str {
            fn eq(&self, other: &$t) -> bool {
                self == other.as_str()
            }
        }

        impl PartialEq<$t> for &str {
            fn eq(&self, other: &$t) -> bool {
                *self == other.as_str()
            }
        }
    )*};
}

eq_str!(IriRef<'_>, Iri<'_>, IriRefBuf, IriBuf);

/// The error of parsing an owned string ([`IriRefBuf::parse`], [`IriBuf::parse`]): why, as an
/// [`Error`] (its [`source`](std::error::Error::source)), and the string, given back.
///
/// ```
/// use iriscan::{ErrorKind, IriBuf};
/// let err = IriBuf::parse("http://example.com/a b".to_string()).unwrap_err();
/// assert_eq!(err.error().kind(), ErrorKind::InvalidCharacter);
/// assert_eq!(err.to_string(), r#""http://example.com/a b" is not an IRI"#);
/// let source = std::error::Error::source(&err).unwrap();
/// assert_eq!(source.to_string(), err.error().to_string());
/// assert_eq!(err.into_string(), "http://example.com/a b");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    error: Error,
    input: String,
    grammar: Grammar,
}

impl ParseError {
    /// Why the string is not of the grammar.
    pub fn error(&self) -> &Error {
        &self.error
    }

    /// The string that was parsed.
    pub fn as_str(&self) -> &str {
        &self.input
    }

    /// The string that was parsed, given back.
    pub fn into_string(self) -> String {
        self.input
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = match self.grammar {
            Grammar::Iri => "an IRI",
            _ => "an IRI reference",
        };
        write!(f, "{:?} is not {what}", self.input)
    }
}

impl std::error::Error for ParseError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.error)
    }
}
