// The account page: sign up or log in when signed out; change the password or log out when in.

import { api, t, languageMenu } from "/static/common.js";

const $ = id => document.getElementById(id);

function show(name) {
  $("signed-in").classList.toggle("hidden", name === null);
  $("signed-out").classList.toggle("hidden", name !== null);
  $("guest-note").classList.toggle("hidden", name !== null);
  $("in-as").textContent = name === null ? "" : t("You are logged in as {name}.", { name });
  $("pw-user").value = name || "";
}

// A form posts its fields; a refusal is its one line beside the button.
function onSubmit(form, errorId, fields, then) {
  $(form).addEventListener("submit", async e => {
    e.preventDefault();
    $(errorId).textContent = "";
    const body = Object.fromEntries(Object.entries(fields).map(([k, id]) => [k, $(id).value]));
    try {
      then(await api(`/api/account/${$(form).dataset.path}`, body));
    } catch (err) {
      $(errorId).textContent = err.message;
    }
  });
}

$("login-form").dataset.path = "login";
$("signup-form").dataset.path = "signup";
$("password-form").dataset.path = "password";
onSubmit("login-form", "login-error", { name: "login-name", password: "login-password" }, r => show(r.name));
onSubmit("signup-form", "signup-error", { name: "signup-name", password: "signup-password" }, r => show(r.name));
onSubmit("password-form", "pw-error", { old: "pw-old", new: "pw-new" }, () => {
  $("pw-old").value = $("pw-new").value = "";
  $("pw-done").textContent = t("Your password is changed.");
});
$("logout").addEventListener("click", async () => {
  await api("/api/account/logout", {});
  show(null);
});

// The buttons come disabled in the page, so a click before this script listens cannot post the
// form the browser's way (a reload that loses what was typed).
for (const b of document.querySelectorAll("form button[type=submit]")) b.disabled = false;

document.querySelector(".topbar").append(languageMenu());
api("/api/account").then(r => show(r.name));
