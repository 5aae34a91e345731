// Starts Swagger UI on the API docs page (kept out of the page: no inline script).
(function () {
  var root = document.getElementById("swagger-ui");
  window.SwaggerUIBundle({ url: root.dataset.openapiUrl, dom_id: "#swagger-ui" });
})();
