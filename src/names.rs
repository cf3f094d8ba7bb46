//! The names of the option enums, as the command line writes them, and the error of a name that
//! is none of them.

use std::fmt;

/// The error of `FromStr` on an option enum ([`Grammar`](crate::Grammar),
/// [`normalize::Level`](crate::normalize::Level), [`map::HostMapping`](crate::map::HostMapping),
/// [`preprocess::Mode`](crate::preprocess::Mode)): the name is not one of the enum's.
///
/// ```
/// use iriscan::Grammar;
/// let err = "iri-reference".parse::<Grammar>().unwrap_err();
/// assert_eq!(err.name(), "iri-reference");
/// assert_eq!(err.expected(), ["iri", "iri-ref", "absolute-iri", "relative-ref", "uri", "uri-ref"]);
/// assert_eq!(
///     err.to_string(),
///     r#"unknown grammar "iri-reference": expected one of iri, iri-ref, absolute-iri, relative-ref, uri, uri-ref"#
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownName {
    what: &'static str,
    name: String,
    expected: &'static [&'static str],
}

impl UnknownName {
    /// The name that was given.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The names the enum has.
    pub fn expected(&self) -> &'static [&'static str] {
        self.expected
    }
}

impl fmt::Display for UnknownName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown {} {:?}: expected one of {}",
            self.what,
            self.name,
            self.expected.join(", ")
        )
    }
}

impl std::error::Error for UnknownName {}

/// The value of `all` whose name in `names` (in the same order) is `s`; `what` names the enum in
/// the error.
pub(crate) fn find<T: Copy>(
    s: &str,
    all: &[T],
    names: &'static [&'static str],
    what: &'static str,
) -> Result<T, UnknownName> {
    match names.iter().position(|&n| n == s) {
        Some(i) => Ok(all[i]),
        None => Err(UnknownName {
            what,
            name: s.to_string(),
            expected: names,
        }),
    }
}

/// Implements `Display` and `FromStr` for an option enum from its `ALL` and its `const fn name`.
macro_rules! named {
    ($t:ty, $what:literal) => {
        impl $t {
            /// The names of `ALL`, in its order.
            const NAMES: [&'static str; <$t>::ALL.len()] = {
                let mut names = [""; <$t>::ALL.len()];
                let mut i = 0;
                while i < names.len() {
                    names[i] = <$t>::ALL[i].name();
                    i += 1;
                }
                names
            };
        }

        impl std::fmt::Display for $t {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.name())
            }
        }

        impl std::str::FromStr for $t {
            type Err = $crate::UnknownName;

            /// The value whose [`name`](Self::name) is `s`.
            fn from_str(s: &str) -> Result<Self, $crate::UnknownName> {
                $crate::names::find(s, &<$t>::ALL, &<$t>::NAMES, $what)
            }
        }
    };
}

pub(crate) use named;
