// Staff search over users and groups.
