//! iriscan: Internationalized Resource Identifiers as draft-ietf-iri-3987bis (on top of RFC 3986)
//! defines them, scanned at the speed of a table walk.
//!
//! ```
//! let iri = iriscan::IriRef::parse("https://例え.jp/パス?q=Dürst").unwrap();
//! assert_eq!(iri.host(), Some("例え.jp"));
//! assert_eq!(iri.query(), Some("q=Dürst"));
//!
//! let err = iriscan::IriRef::parse("http://example.com/a b").unwrap_err();
//! assert_eq!(err.to_string(), "' ' (U+0020) at byte 20 in the path: not allowed in ipath (3987bis 2.2)");
//! ```
//!
//! The data flow of `DESIGN.md`: bytes go through [`scan`](IriRef::parse_as) (the generated
//! tables of [`tables`]) into an [`IriRef`], the input plus the offsets of its components.
#![deny(unsafe_code)]
#![warn(missing_docs)]

pub mod compare;
mod error;
mod grammar;
mod iri;
pub mod map;
pub mod normalize;
pub mod preprocess;
pub mod resolve;
mod scan;
mod scheme;
#[allow(unsafe_code)]
mod simd;
pub mod tables;

pub use error::{Component, Error, ErrorKind};
pub use grammar::{Grammar, UnknownGrammar};
pub use iri::{Iri, IriRef, IriRefBuf};
pub use scan::HostKind;
pub use scheme::{scheme_info, SchemeInfo};

#[doc(hidden)]
pub use map::host_points::check_split as check_host_split;
#[doc(hidden)]
pub use scan::{check_fast_paths, check_line_scan, validate_scalar};
