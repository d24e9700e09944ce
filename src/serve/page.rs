//! The page, embedded at build time: one HTML file, its style sheet and its script. It loads
//! nothing from elsewhere (no fonts, no libraries, no network).

const INDEX: &str = include_str!("page/index.html");
const STYLE: &str = include_str!("page/page.css");
const SCRIPT: &str = include_str!("page/page.js");

/// The content type and text of the page's file at `path`.
pub(crate) fn asset(path: &str) -> Option<(&'static str, &'static str)> {
    match path {
        "/" | "/index.html" => Some(("text/html; charset=utf-8", INDEX)),
        "/page.css" => Some(("text/css; charset=utf-8", STYLE)),
        "/page.js" => Some(("text/javascript; charset=utf-8", SCRIPT)),
        _ => None,
    }
}
