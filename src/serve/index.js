"use strict";
// The index page's form: a table (a file, or text) graded against the
// semester's baseline (POST SEMESTER/api/grade), then its policy page
// (POST SEMESTER/api/page), linked as a document of its own. A link may
// carry a table: #rules=SEMESTER&table=TEXT grades it as the page opens.
(() => {
  const form = document.getElementById("grade-form");
  const result = document.getElementById("result");

  /** Shows `text` in the result area, as a figure or a refusal. */
  function show(state, text, refused) {
    result.dataset.state = state;
    result.replaceChildren();
    const pre = document.createElement("pre");
    pre.textContent = text;
    if (refused) {
      pre.className = "refused";
    }
    result.append(pre);
    return pre;
  }

  /** POSTs `fields` form-encoded to `path`, relative to this page. */
  function post(path, fields) {
    return fetch(path, { method: "POST", body: new URLSearchParams(fields) });
  }

  /** The lines `hog grade` prints of a grade. */
  function gradeText(answer) {
    const lines = [
      `${answer.rules}, goal 100: ${answer.strategy} against ${answer.baseline}`,
      `win rate  ${answer.win_rate}  (exact: the mean of the two seatings)`,
      `first     ${answer.first}  (wins when moving first)`,
      `second    ${answer.second}  (wins when moving second)`,
    ];
    if (answer.draw > 0) {
      lines.push(`draw      ${answer.draw}  (endless games, mean of the two seatings)`);
    }
    if (answer.course_target !== null) {
      const verdict = answer.meets_target ? "meets it" : "falls short of it";
      lines.push(`target    ${answer.course_target}  (the course's target: ${verdict})`);
    }
    if (answer.warning !== null) {
      lines.push(`warning   ${answer.warning}`);
    }
    return lines.join("\n");
  }

  async function grade(semester, fields) {
    show("working", "grading...", false);
    const graded = await post(`${semester}/api/grade`, fields);
    const answer = await graded.json();
    if (!answer.success) {
      show("refused", answer.message, true);
      return;
    }
    show("graded", gradeText(answer), false);
    const paged = await post(`${semester}/api/page`, fields);
    const note = document.createElement("p");
    if (paged.ok) {
      const link = document.createElement("a");
      link.href = URL.createObjectURL(await paged.blob());
      link.target = "_blank";
      link.textContent = `the policy page of ${answer.strategy}`;
      note.append("Open ", link, " (every action's chance in every cell).");
    } else {
      note.textContent = `No policy page: ${(await paged.json()).message}`;
    }
    result.append(note);
    result.dataset.state = "done";
  }

  async function submit(event) {
    event.preventDefault();
    const data = new FormData(form);
    const file = data.get("file");
    const chosen = file instanceof File && file.size > 0;
    const fields = {
      table: chosen ? await file.text() : String(data.get("table")),
      name: chosen ? file.name : "the table",
    };
    if (data.has("token")) {
      fields.token = String(data.get("token"));
    }
    try {
      await grade(String(data.get("semester")), fields);
    } catch (error) {
      show("refused", `The server could not be asked: ${error}`, true);
    }
  }

  form.addEventListener("submit", submit);
  const carried = new URLSearchParams(location.hash.slice(1));
  if (carried.has("table")) {
    if (carried.has("rules")) {
      form.elements.semester.value = carried.get("rules");
    }
    form.elements.table.value = carried.get("table");
    form.requestSubmit();
  }
})();
