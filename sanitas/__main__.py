from sanitas.cli import main

raise SystemExit(main())
