// Name validation (the service name).
