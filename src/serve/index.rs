//! `GET /`: one page that lists every preset (its semesters, what its rules
//! hide from `final_strategy`, its baseline and target) with links to its
//! file to hand in and that file's policy page, says how a course's
//! `calc.py` reaches the server, and grades a table a user uploads
//! (`index.js`). Its links are relative, so that the page works behind a
//! reverse proxy that serves it under a path of its own.

use hog_solver::Rules;

use super::finals::Finals;
use crate::ops::presets::{presets, PresetRecord};
use crate::printable::html;

const SCRIPT: &str = include_str!("index.js");
const STYLE: &str = include_str!("index.css");

/// The page, made once: `rules` is `--rules`, and `tokens` whether the
/// server takes only its tokens.
pub fn page(rules: Option<&Rules>, tokens: bool) -> String {
    let listing = presets();
    let options: String = listing
        .presets
        .iter()
        .map(|p| format!("<option value=\"{0}\">{0}</option>", html(p.name)))
        .collect();
    let rows: String = listing.presets.iter().map(row).collect();
    let plain = match rules {
        Some(rules) => format!(
            "<p><code>POST api/compare_strategies</code> (no semester in the path) plays \
             {}.</p>",
            html(&rules.name())
        ),
        None => String::new(),
    };
    let token = if tokens {
        "<label>Token <input name=\"token\" autocomplete=\"off\" required></label>\n"
    } else {
        ""
    };
    let token_words = if tokens {
        "only the tokens it was given (its field <code>token</code>)"
    } else {
        "any token: the field <code>token</code> is read and ignored"
    };
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <link rel=\"icon\" href=\"data:,\"><title>Exact Hog grades for every semester</title>\n<style>\n{STYLE}</style></head>\n\
         <body>\n<h1>Exact Hog grades for every semester</h1>\n\
         <p>This server grades Hog strategies exactly, with no sampling: a win rate here \
         is the exact mean of the wins moving first and moving second, for the rules of \
         the semester chosen, to 100.</p>\n\
         <section id=\"upload\">\n<h2>Grade a table</h2>\n\
         <p>A strategy as a table of num_rolls, 100 rows (score) of 100 (opponent_score): \
         the JSON a course's <code>calc.py</code> posts, or hog's CSV or JSON export. It \
         is graded against the semester's baseline, and its policy page shows every \
         action's chance in every cell.</p>\n\
         <form id=\"grade-form\">\n\
         <label>Semester <select name=\"semester\">{options}</select></label>\n\
         <label>Table file <input type=\"file\" name=\"file\" accept=\".json,.csv,.txt\"></label>\n\
         <label>or the table itself <textarea name=\"table\" rows=\"3\" \
         placeholder=\"[[5, 5, ...], ...]\"></textarea></label>\n{token}\
         <button type=\"submit\">Grade</button>\n</form>\n\
         <div id=\"result\" data-state=\"idle\" aria-live=\"polite\"></div>\n</section>\n\
         <section>\n<h2>For a course's calc.py</h2>\n\
         <p>Point its <code>ENDPOINT</code> at <code>SEMESTER/api/compare_strategies</code> \
         under this page's address (for Fall 2020: <code>fa20/api/compare_strategies</code>): \
         it posts <code>strat0</code> and <code>strat1</code> and prints strat0's exact win \
         rate. The server takes {token_words}.</p>\n{plain}</section>\n\
         <section>\n<h2>Every semester</h2>\n\
         <p>Each file to hand in is what <code>hog final --rules SEMESTER -o final.py</code> \
         writes; its page is what <code>hog heatmap final.py -o page.html</code> writes.</p>\n\
         <table>\n<thead><tr><th>preset</th><th>also</th><th>course</th>\
         <th>hidden from final_strategy</th><th>baseline</th><th>target</th>\
         <th>file to hand in</th></tr></thead>\n<tbody>\n{rows}</tbody>\n</table>\n</section>\n\
         <script>\n{SCRIPT}</script>\n</body></html>\n"
    )
}

/// One preset's row of the table.
fn row(p: &PresetRecord) -> String {
    let rules = Rules::parse(p.name).expect("a preset");
    let page = if Finals::has_page(&rules) {
        format!(" · <a href=\"{}/final.html\">its page</a>", html(p.name))
    } else {
        " · no page (a page cannot show Feral Hogs' memories)".to_string()
    };
    let course = match p.graded_as {
        Some(graded) => format!(
            "{} <small>(a step of the project: hand in {}'s file)</small>",
            html(p.course),
            html(graded)
        ),
        None => html(p.course),
    };
    format!(
        "<tr id=\"{name}\"><td>{name}</td><td>{also}</td><td>{course}</td><td>{hidden}</td>\
         <td><code>{baseline}</code></td><td>{target}</td>\
         <td><a href=\"{name}/final.py\">final.py</a>{page}</td></tr>\n",
        name = html(p.name),
        also = html(&p.aliases.join(" ")),
        hidden = html(p.hidden_state.as_deref().unwrap_or("nothing")),
        baseline = html(p.baseline),
        target = html(p.target.unwrap_or("")),
    )
}
