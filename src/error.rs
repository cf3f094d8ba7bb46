//! Why an input is not an IRI: a kind, a byte offset, the component, and what was found there.

use std::fmt;

/// The kind of an [`Error`]. New kinds may be added.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ErrorKind {
    /// Bytes that are not well-formed UTF-8 (RFC 3629 4).
    InvalidUtf8,
    /// A character the grammar does not allow at this place (3987bis 2.2, RFC 3986 3).
    InvalidCharacter,
    /// A C0 or C1 control character or DEL (3987bis 7.3).
    Control,
    /// A bidi formatting character (3987bis 4.1).
    BidiFormatting,
    /// A private use character outside the query (3987bis 2.2 `iprivate`, 7.3).
    PrivateUse,
    /// A tag character outside the query (3987bis 2.2 `iprivate`, 7.3).
    Tag,
    /// A special, U+FFF0 to U+FFFD (3987bis 7.3).
    Special,
    /// A non-character (3987bis 7.3).
    NonCharacter,
    /// A non-ASCII character where only ASCII may stand: a URI, a scheme, a port, an IP literal.
    NonAscii,
    /// A "%" not followed by two hexadecimal digits (RFC 3986 2.1).
    InvalidPercentEncoding,
    /// A scheme that does not begin with a letter (RFC 3986 3.1).
    InvalidScheme,
    /// No scheme where the grammar needs one (3987bis 2.2 `IRI`, `absolute-IRI`).
    MissingScheme,
    /// A ":" in the first segment of a relative reference (RFC 3986 4.2 `ipath-noscheme`).
    ColonInFirstSegment,
    /// A bracketed host that is neither an `IPv6address` nor an `IPvFuture` (RFC 3986 3.2.2).
    InvalidIpLiteral,
    /// A fragment where the grammar has none (3987bis 2.2 `absolute-IRI`).
    FragmentNotAllowed,
}

impl ErrorKind {
    /// A stable snake_case name, as the command line's JSON output prints it.
    pub fn name(self) -> &'static str {
        match self {
            ErrorKind::InvalidUtf8 => "invalid_utf8",
            ErrorKind::InvalidCharacter => "invalid_character",
            ErrorKind::Control => "control",
            ErrorKind::BidiFormatting => "bidi_formatting",
            ErrorKind::PrivateUse => "private_use",
            ErrorKind::Tag => "tag",
            ErrorKind::Special => "special",
            ErrorKind::NonCharacter => "non_character",
            ErrorKind::NonAscii => "non_ascii",
            ErrorKind::InvalidPercentEncoding => "invalid_percent_encoding",
            ErrorKind::InvalidScheme => "invalid_scheme",
            ErrorKind::MissingScheme => "missing_scheme",
            ErrorKind::ColonInFirstSegment => "colon_in_first_segment",
            ErrorKind::InvalidIpLiteral => "invalid_ip_literal",
            ErrorKind::FragmentNotAllowed => "fragment_not_allowed",
        }
    }
}

/// The component of an IRI reference in which an error was found.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Component {
    /// `scheme` (RFC 3986 3.1).
    Scheme,
    /// `iuserinfo` (3987bis 2.2, RFC 3986 3.2.1).
    Userinfo,
    /// `ihost` (3987bis 2.2, RFC 3986 3.2.2).
    Host,
    /// `port` (RFC 3986 3.2.3).
    Port,
    /// `ipath` (3987bis 2.2, RFC 3986 3.3).
    Path,
    /// `iquery` (3987bis 2.2, RFC 3986 3.4).
    Query,
    /// `ifragment` (3987bis 2.2, RFC 3986 3.5).
    Fragment,
}

impl Component {
    /// The lowercase name: "scheme", "userinfo", "host", "port", "path", "query", "fragment".
    pub fn name(self) -> &'static str {
        match self {
            Component::Scheme => "scheme",
            Component::Userinfo => "userinfo",
            Component::Host => "host",
            Component::Port => "port",
            Component::Path => "path",
            Component::Query => "query",
            Component::Fragment => "fragment",
        }
    }
}

/// What stood at the offset of an error.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Found {
    Char(char),
    Byte(u8),
    End,
}

/// Why an input is not an IRI (or URI, or reference) of the grammar asked for.
///
/// ```
/// let err = iriscan::IriRef::parse("http://example.com/a\u{202E}b").unwrap_err();
/// assert_eq!(err.kind(), iriscan::ErrorKind::BidiFormatting);
/// assert_eq!(err.offset(), 20);
/// assert_eq!(
///     err.to_string(),
///     "U+202E at byte 20 in the path: bidi formatting characters are not allowed in an IRI (3987bis 4.1)"
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Error {
    kind: ErrorKind,
    offset: usize,
    component: Component,
    found: Found,
    uri: bool,
    /// The byte before is the "]" of an IP literal: only ":" port may follow it.
    after_ip_literal: bool,
}

impl Error {
    /// Builds the error for the input at `offset` (the byte there decides what was found).
    pub(crate) fn at(
        kind: ErrorKind,
        input: &[u8],
        offset: usize,
        component: Component,
        uri: bool,
    ) -> Error {
        let found = match input.get(offset) {
            None => Found::End,
            Some(&b) if b < 0x80 => Found::Char(b as char),
            Some(&b) => {
                let end = input.len().min(offset + 4);
                match crate::tables::classify_utf8(&input[offset..end]) {
                    Some((_, len)) => std::str::from_utf8(&input[offset..offset + len])
                        .ok()
                        .and_then(|s| s.chars().next())
                        .map_or(Found::Byte(b), Found::Char),
                    None => Found::Byte(b),
                }
            }
        };
        Error {
            kind,
            offset,
            component,
            found,
            uri,
            after_ip_literal: component == Component::Host
                && offset > 0
                && input.get(offset - 1) == Some(&b']'),
        }
    }

    pub(crate) fn with_component(self, component: Component) -> Error {
        Error { component, ..self }
    }

    /// The kind of error.
    pub fn kind(&self) -> ErrorKind {
        self.kind
    }

    /// The byte offset in the input of the character (or byte, for invalid UTF-8) at fault. For
    /// invalid UTF-8 it is the first byte of the ill-formed sequence, as `Utf8Error::valid_up_to`.
    pub fn offset(&self) -> usize {
        self.offset
    }

    /// The component in which the error was found.
    pub fn component(&self) -> Component {
        self.component
    }

    fn reason(&self) -> &'static str {
        use Component as C;
        use ErrorKind as K;
        match (self.kind, self.component, self.uri) {
            (K::InvalidUtf8, _, _) => "not well-formed UTF-8 (RFC 3629 4)",
            (K::Control, _, _) => "control characters are not allowed (3987bis 7.3, RFC 3986 2)",
            (K::BidiFormatting, _, _) => {
                "bidi formatting characters are not allowed in an IRI (3987bis 4.1)"
            }
            (K::PrivateUse, _, _) => {
                "private use characters are allowed only in the query (3987bis 2.2 iprivate, 7.3)"
            }
            (K::Tag, _, _) => "tag characters are allowed only in the query (3987bis 2.2 iprivate, 7.3)",
            (K::Special, _, _) => "specials U+FFF0 to U+FFFD are not allowed in an IRI (3987bis 7.3)",
            (K::NonCharacter, _, _) => "non-characters are not allowed in an IRI (3987bis 7.3)",
            (K::NonAscii, C::Scheme, _) | (K::InvalidCharacter, C::Scheme, _) | (K::InvalidScheme, _, _) => {
                "a scheme is a letter followed by letters, digits, \"+\", \"-\" and \".\" (RFC 3986 3.1)"
            }
            (K::NonAscii, C::Port, _) | (K::InvalidCharacter, C::Port, _) => {
                "a port is decimal digits (RFC 3986 3.2.3)"
            }
            (K::NonAscii, _, true) => {
                "a URI is ASCII only (RFC 3986 2); map an IRI to a URI first (3987bis 3.6)"
            }
            (K::NonAscii, _, false) => "an IP literal is ASCII only (RFC 3986 3.2.2)",
            (K::InvalidPercentEncoding, _, _) => "\"%\" must be followed by two hex digits (RFC 3986 2.1)",
            (K::MissingScheme, _, _) if self.offset == 0 && self.found != Found::End => {
                "a relative reference, where this grammar needs a scheme and \":\" (3987bis 2.2, RFC 3986 4.1)"
            }
            (K::MissingScheme, _, _) => {
                "expected \":\" after the scheme: this grammar needs a scheme (3987bis 2.2, RFC 3986 4.3)"
            }
            (K::ColonInFirstSegment, _, _) => {
                "the first segment of a relative reference cannot hold \":\" (RFC 3986 4.2 ipath-noscheme); write \"./\" before it"
            }
            (K::InvalidIpLiteral, _, _) => {
                "a bracketed host is an IPv6address or an IPvFuture, closed by \"]\" (RFC 3986 3.2.2)"
            }
            (K::FragmentNotAllowed, _, _) => "an absolute IRI has no fragment (3987bis 2.2 absolute-IRI)",
            (K::InvalidCharacter, C::Userinfo, false) => "not allowed in iuserinfo (3987bis 2.2)",
            (K::InvalidCharacter, C::Userinfo, true) => "not allowed in userinfo (RFC 3986 3.2.1)",
            (K::InvalidCharacter, C::Host, _) if self.after_ip_literal => {
                "only \":\" port may follow an IP literal (RFC 3986 3.2.2)"
            }
            (K::InvalidCharacter, C::Host, false) => "not allowed in ireg-name (3987bis 2.2)",
            (K::InvalidCharacter, C::Host, true) => "not allowed in reg-name (RFC 3986 3.2.2)",
            (K::InvalidCharacter, C::Path, false) => "not allowed in ipath (3987bis 2.2)",
            (K::InvalidCharacter, C::Path, true) => "not allowed in path (RFC 3986 3.3)",
            (K::InvalidCharacter, C::Query, false) => "not allowed in iquery (3987bis 2.2)",
            (K::InvalidCharacter, C::Query, true) => "not allowed in query (RFC 3986 3.4)",
            (K::InvalidCharacter, C::Fragment, false) => "not allowed in ifragment (3987bis 2.2)",
            (K::InvalidCharacter, C::Fragment, true) => {
                "not allowed in fragment (RFC 3986 3.5; a second \"#\" is allowed in an IRI only)"
            }
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.found {
            // Visible ASCII is shown as itself; everything else by code point, so that a bidi
            // override in an error message cannot reorder the message itself.
            Found::Char(c) if c.is_ascii_graphic() || c == ' ' => {
                write!(f, "'{c}' (U+{:04X})", c as u32)?
            }
            Found::Char(c) => write!(f, "U+{:04X}", c as u32)?,
            Found::Byte(b) => write!(f, "byte 0x{b:02X}")?,
            Found::End => write!(f, "end of input")?,
        }
        write!(
            f,
            " at byte {} in the {}: {}",
            self.offset,
            self.component.name(),
            self.reason()
        )
    }
}

impl std::error::Error for Error {}
