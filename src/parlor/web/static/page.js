// A page with no script of its own (about): its words in the reader's language, and the menu.
import { languageMenu } from "/static/common.js";

document.querySelector(".topbar").append(languageMenu());
