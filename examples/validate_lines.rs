//! Validates each line of a file (or standard input) as an IRI reference and prints the ones
//! that are not, with the reason.
//!
//! `cargo run --example validate_lines -- data/sample-invalid.txt`

use std::io::{BufRead, BufReader, Read};

fn main() -> std::io::Result<()> {
    let input: Box<dyn Read> = match std::env::args_os().nth(1) {
        Some(path) => Box::new(std::fs::File::open(path)?),
        None => Box::new(std::io::stdin()),
    };
    let mut bad = 0;
    // `split` keeps lines as bytes: a line that is not UTF-8 is reported, not a read error.
    for (number, line) in BufReader::new(input).split(b'\n').enumerate() {
        let line = line?;
        let line = line.strip_suffix(b"\r").unwrap_or(&line);
        if let Err(e) = iriscan::Grammar::IriReference.validate(line) {
            println!("line {}: {e}", number + 1);
            bad += 1;
        }
    }
    eprintln!("{bad} invalid line(s)");
    Ok(())
}
