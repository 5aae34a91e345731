"""What every game's rules share: the table and match state, options, input fields,
bidding, refusals and the translation hook."""
