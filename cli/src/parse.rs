//! `iriscan parse`: the components of each line.

use crate::engine::{self, CommonArgs, Line, LineCommand, Style};
use crate::output::{json_opt, write_error_json, write_text_position};
use iriscan::suffix::Sections;
use iriscan::{HostKind, IriRef};
use std::io::Write;

/// Print the components of each line: scheme, authority, userinfo, host (and its kind), port,
/// path, query, fragment. An absent component is "-" in text and null in JSON; an empty one is
/// "" in both (they differ: 3987bis 5.3.3).
///
/// JSON: {"line", "input", "ok", "scheme", "authority", "userinfo", "host", "host_kind",
/// "port", "path", "query", "fragment", "public_suffix", "registrable_domain"} or, when not
/// ok, {"line", "input", "ok", "error"}. The public suffix and the registrable domain (eTLD+1)
/// of a registered name are those of the Public Suffix List (its ICANN and private sections;
/// --icann-only for the first alone), in Unicode; null for IP literals and single labels.
/// With --valid, the lines that parse, as they are; with --invalid, those that do not.
///
/// Examples:
///   iriscan parse data/sample.txt
///   echo 'http://[::1]:8080/a?b' | iriscan parse --json
#[derive(clap::Args)]
#[command(verbatim_doc_comment)]
pub struct Args {
    /// Public suffixes of the ICANN section of the list only (github.io is then no suffix).
    #[arg(long)]
    icann_only: bool,
    #[command(flatten)]
    read: crate::mode::ReadArgs,
    #[command(flatten)]
    common: CommonArgs,
}

/// The name of a host kind, as the output prints it.
fn host_kind_name(kind: HostKind) -> &'static str {
    match kind {
        HostKind::RegName => "reg-name",
        HostKind::Ipv4 => "ipv4",
        HostKind::Ipv6 => "ipv6",
        HostKind::IpvFuture => "ipvfuture",
    }
}

struct Parse<'a>(&'a Args);

impl LineCommand for Parse<'_> {
    fn line(&self, line: Line<'_>, style: Style, out: &mut Vec<u8>) -> Result<(), &'static str> {
        let read = &self.0.read;
        let (text, readable) = read.read(line.bytes);
        let parsed = readable.and_then(|()| IriRef::parse_bytes(&text, read.grammar));
        if style == Style::Silent {
        } else if style == Style::Bare {
            out.extend_from_slice(line.bytes);
            out.push(b'\n');
        } else if style == Style::Json {
            crate::output::write_json_head(out, line, &text);
            match &parsed {
                Ok(r) => {
                    out.extend_from_slice(b",\"ok\":true");
                    let fields: [(&str, Option<&str>); 9] = [
                        ("scheme", r.scheme()),
                        ("authority", r.authority()),
                        ("userinfo", r.userinfo()),
                        ("host", r.host()),
                        ("host_kind", r.host_kind().map(host_kind_name)),
                        ("port", r.port()),
                        ("path", Some(r.path())),
                        ("query", r.query()),
                        ("fragment", r.fragment()),
                    ];
                    for (name, value) in fields {
                        let _ = write!(out, ",\"{name}\":");
                        json_opt(out, value);
                    }
                    let sections = if self.0.icann_only {
                        Sections::Icann
                    } else {
                        Sections::All
                    };
                    out.extend_from_slice(b",\"public_suffix\":");
                    json_opt(out, r.public_suffix(sections).as_deref());
                    out.extend_from_slice(b",\"registrable_domain\":");
                    json_opt(out, r.registrable_domain(sections).as_deref());
                }
                Err(e) => {
                    out.extend_from_slice(b",\"ok\":false,");
                    write_error_json(out, e);
                }
            }
            out.extend_from_slice(b"}\n");
        } else {
            write_text_position(out, line);
            match &parsed {
                Ok(r) => {
                    out.extend_from_slice(b"\tok\n");
                    let show =
                        |v: Option<&str>| v.map_or_else(|| "-".to_string(), |v| format!("{v:?}"));
                    let host = match (r.host(), r.host_kind()) {
                        (Some(h), Some(k)) => format!("{h:?} ({})", host_kind_name(k)),
                        _ => "-".to_string(),
                    };
                    let _ = write!(
                        out,
                        "  scheme     {}\n  authority  {}\n  userinfo   {}\n  host       {host}\n  port       {}\n  path       {:?}\n  query      {}\n  fragment   {}\n",
                        show(r.scheme()),
                        show(r.authority()),
                        show(r.userinfo()),
                        show(r.port()),
                        r.path(),
                        show(r.query()),
                        show(r.fragment()),
                    );
                }
                Err(e) => {
                    let _ = writeln!(out, "\terror: {e}");
                }
            }
        }
        parsed.map(|_| ()).map_err(|e| e.kind().name())
    }
}

pub fn run(args: &Args) -> u8 {
    engine::run(&args.common, &Parse(args))
}
