// Partners' leads and the partner's view of its customers' plans.
