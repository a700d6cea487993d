// The law page's date forms keep the reader's place: the clause in the address (#sec_2.7) goes with the new date.
// Without JavaScript the forms still work; they start the new date at the top.
document.addEventListener("submit", function (event) {
  var form = event.target;
  if (!form.matches("form.at-date, form.since-date") || !window.location.hash) return;
  form.action = form.action.split("#")[0] + window.location.hash;
});
