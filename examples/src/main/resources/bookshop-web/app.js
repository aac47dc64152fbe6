// The bookshop page: everything it shows comes from the API, with fetch and no library.
"use strict";

const money = (amount, currency) =>
  amount == null ? "—" : new Intl.NumberFormat("en", { style: "currency", currency }).format(amount);

function element(tag, text, className) {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (className) node.className = className;
  return node;
}

// Reads a response: JSON on success; on failure an Error carrying the RFC 9457 problem when the server sent one.
async function readJson(response) {
  const type = response.headers.get("content-type") || "";
  const body = type.includes("json") ? await response.json() : await response.text();
  if (!response.ok) {
    const error = new Error(typeof body === "object" ? (body.detail || body.title) : body);
    error.problem = typeof body === "object" ? body : null;
    error.status = response.status;
    error.contentType = type;
    throw error;
  }
  return body;
}

function showMessage(kind, parts) {
  const box = document.getElementById("message");
  box.className = kind;
  box.replaceChildren(...parts);
  box.hidden = false;
}

function showProblem(error) {
  const parts = [element("strong", `${error.status || ""} ${error.problem ? error.problem.title : "Error"}: `),
    element("span", error.message)];
  if (error.problem && Array.isArray(error.problem.errors)) {
    for (const fieldError of error.problem.errors) {
      parts.push(element("div", `${fieldError.field}: ${fieldError.message}`));
    }
  }
  if (error.contentType) parts.push(element("div", `(${error.contentType})`, "muted"));
  showMessage("problem", parts);
}

async function loadBooks() {
  const books = await readJson(await fetch("/api/books"));
  const rows = books.map(book => {
    const row = element("tr");
    row.dataset.bookId = book.id;
    row.append(element("td", book.id), element("td", book.title), element("td", book.author),
      element("td", book.year), element("td", money(book.price, book.currency), "num price"),
      element("td", book.inStock > 0 ? String(book.inStock) : "sold out", book.inStock > 0 ? "num stock" : "num stock out"));
    const quantity = element("input");
    quantity.type = "number";
    quantity.min = "1";
    quantity.value = "1";
    const order = element("button", "Order");
    order.type = "button";
    order.addEventListener("click", () => placeOrder(book.id, Number(quantity.value)));
    const cell = element("td");
    cell.append(quantity, " ", order);
    row.append(cell);
    return row;
  });
  document.querySelector("#books tbody").replaceChildren(...rows);
}

async function loadOrders() {
  const orders = await readJson(await fetch("/api/orders"));
  const list = document.getElementById("orders");
  if (orders.length === 0) {
    list.replaceChildren(element("li", "No orders yet.", "muted"));
    return;
  }
  list.replaceChildren(...orders.map(order => element("li",
    `#${order.id} ${order.customer}: ${order.quantity} × ${order.title} — ${money(order.total, order.currency)}`)));
}

async function loadStats() {
  const stats = await readJson(await fetch("/api/stats"));
  document.getElementById("stats").textContent =
    `So far ${stats.priceLookups} price lookups took ${stats.pricingCalls} calls to the pricing service; ` +
    `the warehouse served ${stats.stockRpcCalls} RPC calls.`;
}

async function placeOrder(bookId, quantity) {
  const customer = document.getElementById("customer").value;
  try {
    const response = await fetch("/api/orders", {
      method: "POST",
      headers: { "content-type": "application/json", "accept": "application/json" },
      body: JSON.stringify({ bookId, quantity, customer })
    });
    const order = await readJson(response);
    showMessage("ok", [element("strong", "201 Created "), element("code", response.headers.get("location")),
      element("span", ` — ${order.quantity} × ${order.title} for ${money(order.total, order.currency)}`)]);
  } catch (error) {
    showProblem(error);
  }
  await refresh();
}

async function burst() {
  const result = await readJson(await fetch("/api/prices/burst?lookups=50"));
  document.getElementById("burst-result").textContent =
    `${result.lookups} concurrent lookups of ${result.distinctBooks} books took ` +
    `${result.pricingCalls} call${result.pricingCalls === 1 ? "" : "s"} to the pricing service.`;
  await loadStats();
}

async function refresh() {
  try {
    await Promise.all([loadBooks(), loadOrders()]);
    await loadStats();
  } catch (error) {
    showProblem(error);
  }
}

document.getElementById("burst").addEventListener("click", () => burst().catch(showProblem));
document.getElementById("bad-order").addEventListener("click", () => placeOrder(999, 1));
document.getElementById("too-many").addEventListener("click", () => placeOrder(1, 11));
refresh();
