//! Reading VDM++ source text for the traceability test: the names each class defines, with
//! the signatures of its functions and of the predicates VDM derives (`inv_T`, `pre_f`,
//! `post_f`). A scanner over tokens, enough for the subset of VDM++ that `spec/` uses.

use std::fmt;

/// What a VDM definition is, which decides how its Rust name is spelled.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Kind {
    Type,
    Value,
    Function,
    /// `inv_T`, `pre_f`, `post_f`.
    Predicate,
}

/// A VDM type as a signature writes it (quote and union types never appear in one here).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum VdmType {
    /// `bool`, `nat`, `Piece` (a `Class`Name` keeps its name).
    Named(String),
    /// `set of T`.
    SetOf(Box<VdmType>),
    /// `seq of T`.
    SeqOf(Box<VdmType>),
    /// `[T]`.
    Optional(Box<VdmType>),
    /// `T1 * T2 * ...`.
    Product(Vec<VdmType>),
}

impl fmt::Display for VdmType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VdmType::Named(n) => write!(f, "{n}"),
            VdmType::SetOf(t) => write!(f, "set of {t}"),
            VdmType::SeqOf(t) => write!(f, "seq of {t}"),
            VdmType::Optional(t) => write!(f, "[{t}]"),
            VdmType::Product(ts) => {
                let parts: Vec<String> = ts.iter().map(ToString::to_string).collect();
                write!(f, "{}", parts.join(" * "))
            }
        }
    }
}

/// A function's signature: its parameter types, its result type, and whether it has a
/// precondition (which its Rust twin checks, returning `Result`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Signature {
    pub parameters: Vec<VdmType>,
    pub result: VdmType,
    pub checks_pre: bool,
}

impl fmt::Display for Signature {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let params: Vec<String> = self.parameters.iter().map(ToString::to_string).collect();
        let params = if params.is_empty() {
            "()".to_string()
        } else {
            params.join(" * ")
        };
        write!(f, "{params} -> {}", self.result)?;
        if self.checks_pre {
            write!(f, ", pre")?;
        }
        Ok(())
    }
}

/// One name a VDM class defines; functions and predicates with their signature.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VdmName {
    pub class: String,
    pub name: String,
    pub kind: Kind,
    pub signature: Option<Signature>,
}

/// Removes `-- ...` line comments and `/* ... */` block comments.
fn strip_comments(src: &str) -> String {
    let mut out = String::with_capacity(src.len());
    let mut rest = src;
    while !rest.is_empty() {
        if let Some(after) = rest.strip_prefix("/*") {
            rest = after.find("*/").map_or("", |end| &after[end + 2..]);
            out.push(' ');
        } else if rest.starts_with("--") {
            rest = rest.find('\n').map_or("", |end| &rest[end..]);
        } else {
            let ch = rest.chars().next().unwrap_or(' ');
            out.push(ch);
            rest = &rest[ch.len_utf8()..];
        }
    }
    out
}

/// Splits text into words and single punctuation characters; `mk_A`B`-style quoting keeps
/// the backtick as its own token.
pub fn tokens(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut word = String::new();
    for ch in text.chars() {
        if ch.is_alphanumeric() || ch == '_' || ch == '\'' {
            word.push(ch);
        } else {
            if !word.is_empty() {
                out.push(std::mem::take(&mut word));
            }
            if !ch.is_whitespace() {
                out.push(ch.to_string());
            }
        }
    }
    if !word.is_empty() {
        out.push(word);
    }
    out
}

const SECTIONS: [&str; 8] = [
    "types",
    "values",
    "functions",
    "operations",
    "instance",
    "thread",
    "sync",
    "traces",
];

/// Every name defined in VDM++ source text: types, values, functions, and the derived
/// `inv_`, `pre_` and `post_` predicates.
pub fn extract(src: &str) -> Vec<VdmName> {
    let toks = tokens(&strip_comments(src));
    let mut names = Vec::new();
    let mut class = String::new();
    let mut section = "";
    // The tokens of the current definition, up to its `;` at bracket depth 0.
    let mut def: Vec<&str> = Vec::new();
    let mut depth = 0i32;
    let mut i = 0;
    while i < toks.len() {
        let t = toks[i].as_str();
        if depth == 0 && def.is_empty() && t == "class" && i + 1 < toks.len() {
            class = toks[i + 1].clone();
            section = "";
            i += 2;
            // skip `is subclass of A, B`
            if toks.get(i).map(String::as_str) == Some("is") {
                while i < toks.len() && !SECTIONS.contains(&toks[i].as_str()) {
                    i += 1;
                }
            }
            continue;
        }
        if depth == 0 && t == "end" && toks.get(i + 1) == Some(&class) {
            finish(&class, section, &def, &mut names);
            def.clear();
            i += 2;
            continue;
        }
        if depth == 0 && SECTIONS.contains(&t) {
            // a new section closes a definition that lacked its final `;`
            finish(&class, section, &def, &mut names);
            def.clear();
            section = t;
            i += 1;
            if t == "instance" {
                i += 1; // `instance variables`
            }
            continue;
        }
        match t {
            "(" | "{" | "[" => depth += 1,
            ")" | "}" | "]" => depth -= 1,
            _ => {}
        }
        if depth == 0 && t == ";" {
            finish(&class, section, &def, &mut names);
            def.clear();
        } else {
            def.push(t);
        }
        i += 1;
    }
    names.sort_by(|a, b| (&a.class, a.kind, &a.name).cmp(&(&b.class, b.kind, &b.name)));
    names.dedup();
    names
}

/// Records the names one definition (its tokens, without the `;`) introduces.
fn finish(class: &str, section: &str, def: &[&str], names: &mut Vec<VdmName>) {
    let mut rest = def;
    while let Some((first, tail)) = rest.split_first() {
        if ["public", "private", "protected", "static", "pure"].contains(first) {
            rest = tail;
        } else {
            break;
        }
    }
    let Some(&name) = rest.first() else {
        return;
    };
    if !name.chars().next().is_some_and(char::is_alphabetic) {
        return;
    }
    let mut push = |name: String, kind, signature| {
        names.push(VdmName {
            class: class.to_string(),
            name,
            kind,
            signature,
        })
    };
    let has = |word: &str| rest.contains(&word);
    let bool_type = VdmType::Named("bool".to_string());
    match section {
        "types" => {
            push(name.to_string(), Kind::Type, None);
            if has("inv") {
                let parameters = constructor_arguments(&rest[1..]);
                let signature = Signature {
                    parameters,
                    result: bool_type,
                    checks_pre: false,
                };
                push(format!("inv_{name}"), Kind::Predicate, Some(signature));
            }
        }
        "values" => push(name.to_string(), Kind::Value, None),
        "functions" | "operations" => {
            let signature = function_signature(name, &rest[1..], has("pre"));
            push(name.to_string(), Kind::Function, signature.clone());
            let Some(signature) = signature else { return };
            if has("pre") {
                let pre = Signature {
                    parameters: signature.parameters.clone(),
                    result: bool_type.clone(),
                    checks_pre: false,
                };
                push(format!("pre_{name}"), Kind::Predicate, Some(pre));
            }
            if has("post") {
                let mut parameters = signature.parameters.clone();
                parameters.push(signature.result.clone());
                let post = Signature {
                    parameters,
                    result: bool_type,
                    checks_pre: false,
                };
                push(format!("post_{name}"), Kind::Predicate, Some(post));
            }
        }
        _ => {}
    }
}

/// The types `mk_T` takes, from the tokens after a type's name: the field types of a record
/// (`:: x : nat1 y : nat1 inv ...`), or the one type of `= set of Piece inv ...`.
fn constructor_arguments(after_name: &[&str]) -> Vec<VdmType> {
    match after_name {
        [":", ":", fields @ ..] => {
            let mut types = Vec::new();
            let mut pos = 0;
            while pos + 1 < fields.len() && fields[pos + 1] == ":" && fields[pos] != "inv" {
                let Some((t, next)) = parse_product(fields, pos + 2) else {
                    break;
                };
                types.push(t);
                pos = next;
            }
            types
        }
        ["=", rhs @ ..] => parse_product(rhs, 0)
            .map(|(t, _)| vec![t])
            .unwrap_or_default(),
        _ => Vec::new(),
    }
}

/// The signature of function `name` from the tokens after its name: `: T1 * T2 -> R` up to
/// where the definition `name(` starts.
fn function_signature(name: &str, after_name: &[&str], checks_pre: bool) -> Option<Signature> {
    let [":", rest @ ..] = after_name else {
        return None;
    };
    let end = (0..rest.len()).find(|&i| rest[i] == name && rest.get(i + 1) == Some(&"("))?;
    let sig = &rest[..end];
    let arrow =
        (0..sig.len()).find(|&i| ["-", "+"].contains(&sig[i]) && sig.get(i + 1) == Some(&">"))?;
    let parameters = match &sig[..arrow] {
        ["(", ")"] => Vec::new(),
        params => match parse_product(params, 0)? {
            (VdmType::Product(parts), _) => parts,
            (single, _) => vec![single],
        },
    };
    let (result, _) = parse_product(sig, arrow + 2)?;
    Some(Signature {
        parameters,
        result,
        checks_pre,
    })
}

/// A product type `T1 * T2 * ...` (or a single type) starting at `pos`, and where it ends.
fn parse_product(toks: &[&str], pos: usize) -> Option<(VdmType, usize)> {
    let (first, mut pos) = parse_prefix(toks, pos)?;
    let mut parts = vec![first];
    while toks.get(pos) == Some(&"*") {
        let (next, after) = parse_prefix(toks, pos + 1)?;
        parts.push(next);
        pos = after;
    }
    let t = if parts.len() == 1 {
        parts.pop()?
    } else {
        VdmType::Product(parts)
    };
    Some((t, pos))
}

/// `set of T`, `seq of T`, `[T]`, `(T)` or a (possibly class-qualified) name.
fn parse_prefix(toks: &[&str], pos: usize) -> Option<(VdmType, usize)> {
    match toks.get(pos..)? {
        ["set", "of", ..] => {
            parse_prefix(toks, pos + 2).map(|(t, p)| (VdmType::SetOf(Box::new(t)), p))
        }
        ["seq" | "seq1", "of", ..] => {
            parse_prefix(toks, pos + 2).map(|(t, p)| (VdmType::SeqOf(Box::new(t)), p))
        }
        ["[", ..] => {
            let (t, p) = parse_product(toks, pos + 1)?;
            (toks.get(p) == Some(&"]")).then(|| (VdmType::Optional(Box::new(t)), p + 1))
        }
        ["(", ..] => {
            let (t, p) = parse_product(toks, pos + 1)?;
            (toks.get(p) == Some(&")")).then_some((t, p + 1))
        }
        [_class, "`", name, ..] => Some((VdmType::Named(name.to_string()), pos + 3)),
        [name, ..] if name.chars().next().is_some_and(char::is_alphabetic) => {
            Some((VdmType::Named(name.to_string()), pos + 1))
        }
        _ => None,
    }
}
