//! The FIDE articles of the castling clauses agree everywhere: `explain` cites the articles of
//! `oracle::explain::articles`, the traceability table of `spec/README.md` gives each castling
//! clause exactly those, and the comments of `spec/BoardModule.vdmpp` cite no other.

use std::collections::BTreeSet;

use vdmchess::notation::fen::parse_fen;
use vdmchess::oracle::explain::articles::CASTLING_CLAUSES;
use vdmchess::oracle::explain::explain;

/// The articles of the castling family (3.8.2 and its parts) named in `text`.
fn castling_articles(text: &str) -> BTreeSet<String> {
    text.split(|c: char| !(c.is_ascii_digit() || c == '.'))
        .map(|t| t.trim_end_matches('.'))
        .filter(|t| *t == "3.8.2" || t.starts_with("3.8.2."))
        .map(str::to_string)
        .collect()
}

fn expected(articles: &[&str]) -> BTreeSet<String> {
    articles.iter().map(|a| a.to_string()).collect()
}

fn read(path: &str) -> String {
    std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(path)).unwrap()
}

#[test]
fn the_traceability_table_gives_each_castling_clause_its_articles() {
    let readme = read("spec/README.md");
    for (clause, articles) in CASTLING_CLAUSES {
        let prefix = format!("| BoardModule | `{clause}` |");
        let row = readme
            .lines()
            .find(|l| l.starts_with(&prefix))
            .unwrap_or_else(|| panic!("no row for {clause}"));
        let fide = row.trim_end_matches('|').rsplit('|').next().unwrap();
        assert_eq!(castling_articles(fide), expected(articles), "{row}");
    }
}

#[test]
fn the_vdm_comments_cite_no_other_castling_article() {
    let spec = read("spec/BoardModule.vdmpp");
    let lines: Vec<&str> = spec.lines().collect();
    for (clause, articles) in CASTLING_CLAUSES {
        let at = lines
            .iter()
            .position(|l| {
                l.trim_start().starts_with(&format!("public {clause} "))
                    || l.trim_start().starts_with(&format!("public {clause}:"))
            })
            .unwrap_or_else(|| panic!("no definition of {clause}"));
        // The comment block just above the definition.
        let comment: Vec<&str> = lines[..at]
            .iter()
            .rev()
            .take_while(|l| l.trim_start().starts_with("--"))
            .copied()
            .collect();
        let cited = castling_articles(&comment.join("\n"));
        assert!(
            cited.is_subset(&expected(articles)),
            "{clause}: the comment cites {cited:?}, the clause rests on {articles:?}"
        );
    }
}

/// `explain` cites, for each castling reason, an article its clause rests on.
#[test]
fn explain_cites_the_articles_of_its_castling_clauses() {
    let cases = [
        // The right is gone: castling_rights, 3.8.2.1.
        (
            "r3k2r/8/8/8/8/8/8/R3K2R w Kkq - 0 1",
            "O-O-O",
            "castling_rights",
            "3.8.2.1",
        ),
        // A piece between: may_castle, 3.8.2.2.2.
        (
            "r3k2r/8/8/8/8/8/8/RN2K2R w KQkq - 0 1",
            "O-O-O",
            "may_castle",
            "3.8.2.2.2",
        ),
        // A square crossed is attacked: may_castle, 3.8.2.2.1.
        (
            "r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1",
            "O-O",
            "may_castle",
            "3.8.2.2.1",
        ),
        // Legal: castling_moves, 3.8.2.
        (
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
            "O-O",
            "castling_moves",
            "3.8.2",
        ),
    ];
    for (fen, text, clause, article) in cases {
        let setup = parse_fen(fen).unwrap();
        let why = explain(&setup, setup.castling_mode_hint(), text).unwrap();
        assert_eq!(
            (why.clause.as_str(), why.fide.as_str()),
            (format!("BoardModule`{clause}").as_str(), article),
            "{fen} {text}: {}",
            why.detail
        );
        let (_, articles) = CASTLING_CLAUSES.iter().find(|(c, _)| *c == clause).unwrap();
        assert!(articles.contains(&article), "{clause} {article}");
    }
}
