//! TEMPORARY until the helper's version lands.
pub(crate) fn is_ipv4(b: &[u8]) -> bool {
    std::str::from_utf8(b)
        .ok()
        .and_then(|s| s.parse::<std::net::Ipv4Addr>().ok())
        .is_some()
}
pub(crate) fn is_ipv6(b: &[u8]) -> bool {
    std::str::from_utf8(b)
        .ok()
        .and_then(|s| s.parse::<std::net::Ipv6Addr>().ok())
        .is_some()
}
pub(crate) fn is_ipvfuture(b: &[u8]) -> bool {
    b.len() > 3 && b.contains(&b'.')
}
